import { MAIL_TEMPLATE_KINDS, type TMailTemplateKind } from '@lms/contracts/mail-templates';
import { Alert, Button, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ReasonButton } from '../../../components/reason-button';
import { useErrorText } from '../../../lib/error-text';
import { createMailTemplate } from '../api/mail-templates';

/** A further template of a kind, e.g. a course's own reminder; it starts from the default texts. */
export function CreateMailTemplateModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('mail');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [kind, setKind] = useState<TMailTemplateKind>('reminder');
  const [name, setName] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const created = await createMailTemplate({ kind, name, locales: {} });
      onClose();
      await navigate(`/content/mail-template/${created.id}`);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('templates.createTitle')}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {error !== null && (
            <Alert color="red" variant="light" role="alert">
              {errorText(error)}
            </Alert>
          )}
          <NativeSelect
            label={t('templates.kind')}
            value={kind}
            onChange={(e) => setKind(e.currentTarget.value as TMailTemplateKind)}
            data={MAIL_TEMPLATE_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
          />
          <TextInput
            label={t('templates.name')}
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={200}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('templates.cancel')}
            </Button>
            <ReasonButton type="submit" loading={busy} disabledReason={name.trim() ? null : t('forms:enterNameFirst')}>
              {t('templates.createSubmit')}
            </ReasonButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
