import type { TMailTemplatePreview } from '@lms/contracts/mail-templates';
import { Code, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The previewed mail (in the editor's modal, so it shows without scrolling past the form). The HTML part is shown in a sandboxed frame without scripts or same-origin rights: an uploaded
 * template is author HTML, and it must not run in the app's origin.
 */
export function MailPreview({ preview }: { preview: TMailTemplatePreview }) {
  const { t } = useTranslation('mail');
  return (
    <Stack gap="sm" aria-live="polite">
      <Text>
        <Text span fw={700}>
          {t('templates.previewSubject')}:
        </Text>{' '}
        <span data-testid="preview-subject">{preview.subject}</span>
      </Text>
      <Title order={2} size="h5">
        {t('templates.previewHtml')}
      </Title>
      <iframe
        title={t('templates.previewFrame')}
        sandbox=""
        srcDoc={preview.html}
        style={{ width: '100%', minHeight: 320, border: '1px solid var(--mantine-color-gray-4)', background: '#fff' }}
      />
      <Title order={2} size="h5">
        {t('templates.previewText')}
      </Title>
      <Code block style={{ whiteSpace: 'pre-wrap' }}>
        {preview.text}
      </Code>
    </Stack>
  );
}
