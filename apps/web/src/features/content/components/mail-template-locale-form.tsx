import type { TLocale } from '@lms/contracts/constants';
import {
  MAIL_PLACEHOLDERS,
  SECRET_LINK_KINDS,
  type TMailTemplateContent,
  type TMailTemplateKind,
  type TMailTemplateLocale,
} from '@lms/contracts/mail-templates';
import { Button, Code, FileButton, Group, Stack, Text, TextInput, Textarea, Title, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Props {
  locale: TLocale;
  kind: TMailTemplateKind;
  draft: TMailTemplateContent;
  saved: TMailTemplateLocale | undefined;
  onChange: (draft: TMailTemplateContent) => void;
  onUpload: (file: File) => void;
  onRemoveFile: () => void;
  busy: boolean;
  /** What a failed save said about this locale's fields. */
  errors?: Partial<Record<'subject' | 'bodyText' | 'bodyHtml', string | undefined>>;
}

/** One locale of a template: subject, text, optional HTML, an uploaded HTML file, and the placeholders to use. */
export function MailTemplateLocaleForm({
  locale,
  kind,
  draft,
  saved,
  onChange,
  onUpload,
  onRemoveFile,
  busy,
  errors = {},
}: Props) {
  const { t } = useTranslation('mail');
  const id = (field: string) => `${field}-${locale}`;
  return (
    <Stack>
      <TextInput
        id={id('subject')}
        label={t('templates.subject')}
        required
        maxLength={300}
        value={draft.subject}
        onChange={(e) => onChange({ ...draft, subject: e.currentTarget.value })}
        error={errors.subject}
      />
      <Textarea
        id={id('text')}
        label={t('templates.bodyText')}
        required
        autosize
        minRows={8}
        value={draft.bodyText}
        onChange={(e) => onChange({ ...draft, bodyText: e.currentTarget.value })}
        error={errors.bodyText}
      />
      <Textarea
        id={id('html')}
        label={t('templates.bodyHtml')}
        description={t('templates.bodyHtmlHint')}
        autosize
        minRows={4}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        value={draft.bodyHtml ?? ''}
        onChange={(e) => onChange({ ...draft, bodyHtml: e.currentTarget.value || null })}
        error={errors.bodyHtml}
      />
      <Stack gap={4}>
        <Text fw={500} size="sm">
          {t('templates.htmlFile')}
        </Text>
        <Text size="sm">
          {saved?.htmlFileName
            ? t('templates.htmlFileCurrent', { name: saved.htmlFileName })
            : t('templates.htmlFileNone')}
        </Text>
        <Group>
          <FileButton onChange={(file) => file && onUpload(file)} accept="text/html,.html,.htm">
            {(props) => (
              <Button variant="light" loading={busy} {...props}>
                {t('templates.upload')}
              </Button>
            )}
          </FileButton>
          {saved?.htmlFileName && (
            <Button variant="subtle" color="red" onClick={onRemoveFile} disabled={busy}>
              {t('templates.removeFile')}
            </Button>
          )}
        </Group>
      </Stack>
      <Stack gap={4}>
        <Title order={3} size="h5">
          {t('templates.placeholdersTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('templates.placeholdersHint')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('templates.sectionsHint')}
        </Text>
        {SECRET_LINK_KINDS.has(kind) && (
          <Text size="sm" c="dimmed">
            {t('templates.secretLinkHint')}
          </Text>
        )}
        <Group gap="xs">
          {MAIL_PLACEHOLDERS.map((p) => (
            <Tooltip key={p} label={t(`placeholders.${p}`)}>
              <Code>{`{{${p}}}`}</Code>
            </Tooltip>
          ))}
        </Group>
      </Stack>
    </Stack>
  );
}
