import type { TMailTemplate, TMailTemplateContent, TMailTemplatePreview } from '@lms/contracts/mail-templates';
import { Button, Modal } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { previewMailTemplate } from '../api/mail-templates';
import { MailPreview } from '../components/mail-preview';
import type { EditorContext } from './template-kind';

/** The mail of a sample person from the open locale's unsaved texts, in a dialog (spec section 2). */
export function MailPreviewAction({
  template,
  locale,
  draft,
  busy,
  run,
}: EditorContext<TMailTemplate, TMailTemplateContent>) {
  const { t } = useTranslation('mail');
  const [preview, setPreview] = useState<TMailTemplatePreview | null>(null);
  const show = () => run(async () => setPreview(await previewMailTemplate(template.id, { locale, content: draft })));
  return (
    <>
      <Button variant="light" onClick={() => void show()} disabled={busy}>
        {t('templates.preview')}
      </Button>
      <Modal
        opened={preview !== null}
        onClose={() => setPreview(null)}
        title={t('templates.previewTitle')}
        size="xl"
        closeButtonProps={{ 'aria-label': t('templates.previewClose') }}
      >
        {preview && <MailPreview preview={preview} />}
      </Modal>
    </>
  );
}
