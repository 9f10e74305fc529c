import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ReasonButton } from '../../../components/reason-button';
import { useErrorText } from '../../../lib/error-text';
import { createCertificateTemplate } from '../api/certificate-templates';

/** A new certificate template by name; it starts from the default texts and is edited on its own page. */
export function CreateCertificateTemplateModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('certificates');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const created = await createCertificateTemplate({ name, locales: {} });
      onClose();
      await navigate(`/content/certificate-template/${created.id}`);
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
      closeButtonProps={{ 'aria-label': t('templates.cancel') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {error !== null && (
            <Alert color="red" variant="light" role="alert">
              {errorText(error)}
            </Alert>
          )}
          <Text size="sm">{t('templates.createHint')}</Text>
          <TextInput
            label={t('templates.name')}
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={200}
            data-autofocus
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
