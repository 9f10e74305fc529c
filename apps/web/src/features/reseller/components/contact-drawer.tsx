import type { TClientContact, TSaveClientContactBody } from '@lms/contracts/client-contacts';
import { TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDrawer, StackedForm } from '../../../components/form-drawer';
import { FormButtons, FormError, useFormSubmit } from '../../../components/form-submit';

export type ContactDrawerState = { mode: 'create' } | { mode: 'edit'; contact: TClientContact } | null;

type Form = Required<{ [K in keyof TSaveClientContactBody]: string }>;
const EMPTY: Form = { responsibility: '', firstName: '', lastName: '', phone: '', email: '' };

interface Props {
  state: ContactDrawerState;
  onClose: () => void;
  onSave: (body: TSaveClientContactBody) => Promise<void>;
}

/** Create and edit drawer of a client's contact (spec section 3: responsibility, name, phone, e-mail). */
export function ContactDrawer({ state, onClose, onSave }: Props) {
  const { t } = useTranslation('client-lists');
  const [form, setForm] = useState<Form>(EMPTY);
  const { busy, error, setError, submit, fieldError } = useFormSubmit();
  const set = (key: keyof Form, value: string) => setForm((f) => ({ ...f, [key]: value }));

  useEffect(() => {
    setError(null);
    const c = state?.mode === 'edit' ? state.contact : null;
    setForm(c ? { ...c, phone: c.phone ?? '', email: c.email ?? '' } : EMPTY);
  }, [state, setError]);

  const save = submit(
    () => (form.responsibility.trim() && form.firstName.trim() && form.lastName.trim() ? null : t('contacts.required')),
    async () => {
      await onSave(form);
      onClose();
    },
  );

  return (
    <FormDrawer
      opened={state !== null}
      onClose={onClose}
      title={state?.mode === 'edit' ? t('contacts.editTitle') : t('contacts.createTitle')}
    >
      <StackedForm onSubmit={save}>
        <FormError error={error} />
        <TextInput
          label={t('contacts.responsibility')}
          description={t('contacts.responsibilityHint')}
          required
          value={form.responsibility}
          onChange={(e) => set('responsibility', e.currentTarget.value)}
          error={fieldError('responsibility')}
        />
        <TextInput
          label={t('contacts.firstName')}
          required
          autoComplete="off"
          value={form.firstName}
          onChange={(e) => set('firstName', e.currentTarget.value)}
          error={fieldError('firstName')}
        />
        <TextInput
          label={t('contacts.lastName')}
          required
          autoComplete="off"
          value={form.lastName}
          onChange={(e) => set('lastName', e.currentTarget.value)}
          error={fieldError('lastName')}
        />
        <TextInput
          label={t('contacts.phone')}
          type="tel"
          autoComplete="off"
          value={form.phone}
          onChange={(e) => set('phone', e.currentTarget.value)}
          error={fieldError('phone')}
        />
        <TextInput
          label={t('contacts.email')}
          type="email"
          autoComplete="off"
          value={form.email}
          onChange={(e) => set('email', e.currentTarget.value)}
          error={fieldError('email')}
        />
        <FormButtons busy={busy} onCancel={onClose} />
      </StackedForm>
    </FormDrawer>
  );
}
