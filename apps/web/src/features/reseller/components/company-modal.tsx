import { Modal, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StackedForm } from '../../../components/form-drawer';
import { FormButtons, FormError, useFormSubmit } from '../../../components/form-submit';
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
  const [name, setName] = useState('');
  const { busy, error, setError, submit, fieldError } = useFormSubmit();

  useEffect(() => {
    setError(null);
    setName(state?.mode === 'rename' ? state.name : '');
  }, [state, setError]);

  const save = submit(
    () => (name.trim() ? null : t('companies.required')),
    async () => {
      await onSave(name.trim());
      onClose();
    },
  );

  return (
    <Modal
      closeButtonProps={closeButton()}
      opened={state !== null}
      onClose={onClose}
      title={state?.mode === 'rename' ? t('companies.renameTitle') : t('companies.createTitle')}
    >
      <StackedForm onSubmit={save}>
        <FormError error={error} />
        <TextInput
          label={t('companies.name')}
          required
          data-autofocus
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={fieldError('name')}
        />
        <FormButtons busy={busy} onCancel={onClose} />
      </StackedForm>
    </Modal>
  );
}
