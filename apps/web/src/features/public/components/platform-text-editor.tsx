import type { TLocale } from '@lms/contracts/constants';
import type { TPlatformTextKey } from '@lms/contracts/platform-texts';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleTabs } from '../../../components/locale-tabs';
import { NamedLoader } from '../../../components/named-loader';
import { ReasonButton } from '../../../components/reason-button';
import { showApiError } from '../../../lib/error-text';
import { notifySuccess } from '../../../lib/notify';
import { savePlatformText, usePlatformText } from '../api/texts';
import { MarkdownPreview } from '../../../components/markdown-preview';

interface Props {
  textKey: TPlatformTextKey;
  initialLocale: TLocale;
  onClose: () => void;
}

/** A SUPERADMIN edits the FAQ or About on the page itself: a tab per locale, Markdown with a live preview. */
export function PlatformTextEditor({ textKey, initialLocale, onClose }: Props) {
  const { t } = useTranslation('legal');
  const [locale, setLocale] = useState<TLocale>(initialLocale);
  const title = t('platform.editTitle', { page: t(`platform.${textKey}.title`) });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Stack>
        <Title order={2} size="h3">
          {title}
        </Title>
        <Text size="sm">{textKey === 'faq' ? t('platform.faq.editHint') : t('platform.markdownHint')}</Text>
        <LocaleTabs value={locale} onChange={setLocale} pt="md">
          {(l) => <LocaleEditor textKey={textKey} locale={l} onClose={onClose} />}
        </LocaleTabs>
      </Stack>
    </Paper>
  );
}

function LocaleEditor({
  textKey,
  locale,
  onClose,
}: {
  textKey: TPlatformTextKey;
  locale: TLocale;
  onClose: () => void;
}) {
  const { t } = useTranslation('legal');
  const text = usePlatformText(textKey, locale);
  if (text.isPending) return <NamedLoader label={t('loading')} />;
  // A locale without a text of its own gets the fallback from the server: its editor starts empty.
  const stored = text.data?.locale === locale ? text.data.markdown : '';
  return <LocaleForm key={stored} textKey={textKey} locale={locale} stored={stored} onClose={onClose} />;
}

function LocaleForm(props: { textKey: TPlatformTextKey; locale: TLocale; stored: string; onClose: () => void }) {
  const { textKey, locale, stored, onClose } = props;
  const { t } = useTranslation('legal');
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(stored);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await savePlatformText(textKey, locale, draft);
      await queryClient.invalidateQueries({ queryKey: ['platform-text', textKey] });
      notifySuccess(t('platform.saved', { locale: t(`locales.${locale}`) }));
    } catch (err) {
      showApiError(err);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Textarea
          label={t('platform.markdownLabel', { locale: t(`locales.${locale}`) })}
          value={draft}
          onChange={(e) => setDraft(e.currentTarget.value)}
          autosize
          minRows={14}
          maxRows={30}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <MarkdownPreview format="MARKDOWN" text={draft} />
      </SimpleGrid>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('platform.close')}
        </Button>
        <ReasonButton
          onClick={() => void save()}
          loading={saving}
          disabledReason={draft === stored ? t('forms:noChanges') : null}
        >
          {t('platform.save')}
        </ReasonButton>
      </Group>
    </Stack>
  );
}
