import { LOCALES, type TLocale } from '@lms/contracts/constants';
import { Alert, Button, Checkbox, Drawer, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuth } from '../../../lib/auth-store';
import { useErrorText } from '../../../lib/error-text';
import { closeButton, notifySuccess } from '../../../lib/notify';
import { clientKeys, createClient } from '../api/clients';

const EMPTY = { name: '', platformDomain: '', email: '', firstName: '', lastName: '', isReseller: false };

/**
 * "New client" (PERMISSIONS.md "create clients"): the name, the platform domain and the first ADMIN, who gets an
 * activation mail. A SUPERADMIN may mark the client as a reseller; a RESELLER's new client is resold by its own.
 */
export function CreateClientDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('clients');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { user } = useAuth();
  const [form, setForm] = useState(EMPTY);
  const [locale, setLocale] = useState<TLocale>(
    (LOCALES as readonly string[]).includes(i18n.language) ? (i18n.language as TLocale) : 'de-DE',
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof EMPTY) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm({ ...form, [key]: key === 'isReseller' ? e.currentTarget.checked : e.currentTarget.value });

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const required = [form.name, form.platformDomain, form.email, form.firstName, form.lastName];
    if (required.some((v) => !v.trim())) return setError(t('form.required'));
    setBusy(true);
    setError(null);
    try {
      const created = await createClient({
        name: form.name,
        platformDomain: form.platformDomain,
        isReseller: form.isReseller,
        admin: { email: form.email, firstName: form.firstName, lastName: form.lastName, locale },
      });
      notifySuccess(t('create.created', { name: created.name, email: form.email }));
      await queryClient.invalidateQueries({ queryKey: clientKeys.all });
      setForm(EMPTY);
      onClose();
      void navigate(`/reseller/clients/${created.id}`);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Drawer
      closeButtonProps={closeButton()}
      opened={opened}
      onClose={onClose}
      position="right"
      size="lg"
      title={t('create.title')}
    >
      <form onSubmit={(e) => void save(e)} noValidate>
        <Stack>
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <TextInput label={t('fields.name')} required value={form.name} onChange={set('name')} />
          <TextInput
            label={t('fields.platformDomain')}
            description={t('fields.platformDomainHint')}
            required
            value={form.platformDomain}
            onChange={set('platformDomain')}
          />
          {user?.role === 'SUPERADMIN' && (
            <Checkbox label={t('fields.isReseller')} checked={form.isReseller} onChange={set('isReseller')} />
          )}
          <Title order={2} size="h4">
            {t('create.adminTitle')}
          </Title>
          <Text size="sm">{t('create.adminHint')}</Text>
          <TextInput label={t('create.adminEmail')} type="email" required value={form.email} onChange={set('email')} />
          <Group grow>
            <TextInput label={t('create.firstName')} required value={form.firstName} onChange={set('firstName')} />
            <TextInput label={t('create.lastName')} required value={form.lastName} onChange={set('lastName')} />
          </Group>
          <NativeSelect
            label={t('create.locale')}
            value={locale}
            onChange={(e) => setLocale(e.currentTarget.value as TLocale)}
            data={LOCALES.map((l) => ({ value: l, label: t(`locales.${l}`) }))}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}
