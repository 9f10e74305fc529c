import type { TMailTemplatePreview } from '@lms/contracts/mail-templates';
import { Code, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The previewed mail. The HTML part is shown in a sandboxed frame without scripts or same-origin rights: an uploaded
 * template is author HTML, and it must not run in the app's origin.
 */
export function MailPreview({ preview }: { preview: TMailTemplatePreview }) {
  const { t } = useTranslation('mail');
  return (
    <Paper withBorder p="md" radius="md" aria-live="polite">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('templates.previewTitle')}
        </Title>
        <Text>
          <Text span fw={700}>
            {t('templates.previewSubject')}:
          </Text>{' '}
          <span data-testid="preview-subject">{preview.subject}</span>
        </Text>
        <Title order={3} size="h5">
          {t('templates.previewHtml')}
        </Title>
        <iframe
          title={t('templates.previewFrame')}
          sandbox=""
          srcDoc={preview.html}
          style={{ width: '100%', minHeight: 320, border: '1px solid var(--mantine-color-gray-4)', background: '#fff' }}
        />
        <Title order={3} size="h5">
          {t('templates.previewText')}
        </Title>
        <Code block style={{ whiteSpace: 'pre-wrap' }}>
          {preview.text}
        </Code>
      </Stack>
    </Paper>
  );
}
