import type { TClientContact, TSaveClientContactBody } from '@lms/contracts/client-contacts';
import { Alert, Button, Drawer, Group, Stack, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import { closeButton } from '../../../lib/notify';

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
  const errorText = useErrorText();
  const [form, setForm] = useState<Form>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof Form, value: string) => setForm((f) => ({ ...f, [key]: value }));

  useEffect(() => {
    setError(null);
    const c = state?.mode === 'edit' ? state.contact : null;
    setForm(c ? { ...c, phone: c.phone ?? '', email: c.email ?? '' } : EMPTY);
  }, [state]);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!form.responsibility.trim() || !form.firstName.trim() || !form.lastName.trim())
      return setError(t('contacts.required'));
    setBusy(true);
    setError(null);
    try {
      await onSave(form);
      onClose();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Drawer
      closeButtonProps={closeButton()}
      opened={state !== null}
      onClose={onClose}
      position="right"
      title={state?.mode === 'edit' ? t('contacts.editTitle') : t('contacts.createTitle')}
    >
      <form onSubmit={(e) => void save(e)} noValidate>
        <Stack>
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label={t('contacts.responsibility')}
            description={t('contacts.responsibilityHint')}
            required
            value={form.responsibility}
            onChange={(e) => set('responsibility', e.currentTarget.value)}
          />
          <TextInput
            label={t('contacts.firstName')}
            required
            autoComplete="off"
            value={form.firstName}
            onChange={(e) => set('firstName', e.currentTarget.value)}
          />
          <TextInput
            label={t('contacts.lastName')}
            required
            autoComplete="off"
            value={form.lastName}
            onChange={(e) => set('lastName', e.currentTarget.value)}
          />
          <TextInput
            label={t('contacts.phone')}
            type="tel"
            autoComplete="off"
            value={form.phone}
            onChange={(e) => set('phone', e.currentTarget.value)}
          />
          <TextInput
            label={t('contacts.email')}
            type="email"
            autoComplete="off"
            value={form.email}
            onChange={(e) => set('email', e.currentTarget.value)}
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
    </Drawer>
  );
}
