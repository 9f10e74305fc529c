import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import { closeButton } from '../../../lib/notify';

export type CompanyModalState = { mode: 'create' } | { mode: 'rename'; id: string; name: string } | null;

interface Props {
  state: CompanyModalState;
  onClose: () => void;
  onSave: (name: string) => Promise<void>;
}

/** Name a new company or rename one; a name the client already has (in any case) is refused by the server. */
export function CompanyModal({ state, onClose, onSave }: Props) {
  const { t } = useTranslation('client-lists');
  const errorText = useErrorText();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setError(null);
    setName(state?.mode === 'rename' ? state.name : '');
  }, [state]);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError(t('companies.required'));
    setBusy(true);
    setError(null);
    try {
      await onSave(name.trim());
      onClose();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      closeButtonProps={closeButton()}
      opened={state !== null}
      onClose={onClose}
      title={state?.mode === 'rename' ? t('companies.renameTitle') : t('companies.createTitle')}
    >
      <form onSubmit={(e) => void save(e)} noValidate>
        <Stack>
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label={t('companies.name')}
            required
            data-autofocus
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('common:save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
