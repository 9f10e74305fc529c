import {
  CERTIFICATE_BODY_MAX,
  CERTIFICATE_PLACEHOLDERS,
  CERTIFICATE_SUBTITLE_MAX,
  type TCertificateTemplateContent,
  type TCertificateTemplateLocale,
} from '@lms/contracts/certificates';
import type { TLocale } from '@lms/contracts/constants';
import { Button, Code, FileButton, Group, List, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../lib/format';

interface Props {
  locale: TLocale;
  draft: TCertificateTemplateContent;
  saved: TCertificateTemplateLocale | undefined;
  onChange: (draft: TCertificateTemplateContent) => void;
  onUpload: (file: File) => void;
  onRemoveBackground: () => void;
  busy: boolean;
}

/** One locale of a certificate template: subtitle, body, the PDF background and the placeholders to use. */
export function CertificateTemplateLocaleForm(props: Props) {
  const { locale, draft, saved, onChange, onUpload, onRemoveBackground, busy } = props;
  const { t, i18n } = useTranslation('certificates');
  const id = (field: string) => `certificate-${field}-${locale}`;
  return (
    <Stack>
      <TextInput
        id={id('subtitle')}
        label={t('templates.subtitle')}
        description={t('templates.subtitleHint')}
        maxLength={CERTIFICATE_SUBTITLE_MAX}
        value={draft.subtitle}
        onChange={(e) => onChange({ ...draft, subtitle: e.currentTarget.value })}
      />
      <Textarea
        id={id('body')}
        label={t('templates.body')}
        description={t('templates.bodyHint')}
        required
        autosize
        minRows={5}
        maxLength={CERTIFICATE_BODY_MAX}
        value={draft.body}
        onChange={(e) => onChange({ ...draft, body: e.currentTarget.value })}
      />
      <Stack gap={4}>
        <Text fw={500} size="sm">
          {t('templates.background')}
        </Text>
        <Text size="sm">
          {saved?.backgroundFileName
            ? t('templates.backgroundCurrent', {
                name: saved.backgroundFileName,
                size: formatBytes(saved.backgroundSize ?? 0, i18n.language),
              })
            : t('templates.backgroundNone')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('templates.backgroundHint')}
        </Text>
        <Group>
          <FileButton onChange={(file) => file && onUpload(file)} accept="application/pdf,.pdf">
            {(buttonProps) => (
              <Button variant="light" loading={busy} {...buttonProps}>
                {saved?.backgroundFileName ? t('templates.replace') : t('templates.upload')}
              </Button>
            )}
          </FileButton>
          {saved?.backgroundFileName && (
            <Button variant="subtle" color="red" onClick={onRemoveBackground} disabled={busy}>
              {t('templates.removeBackground')}
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
        <List size="sm" spacing={4}>
          {CERTIFICATE_PLACEHOLDERS.map((p) => (
            <List.Item key={p}>
              <Code>{`{{${p}}}`}</Code> {t(`placeholders.${p}`)}
            </List.Item>
          ))}
        </List>
      </Stack>
    </Stack>
  );
}
