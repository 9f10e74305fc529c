import { LOCALES, type TLocale } from '@lms/contracts/constants';
import { Checkbox, Group, NativeSelect, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormDrawer, StackedForm } from '../../../components/form-drawer';
import { FormButtons, FormError, useFormSubmit } from '../../../components/form-submit';
import { useAuth } from '../../../lib/auth-store';
import { notifySuccess } from '../../../lib/notify';
import { clientKeys, createClient } from '../api/clients';

const EMPTY = { name: '', platformDomain: '', email: '', firstName: '', lastName: '', isReseller: false };

/**
 * "New client" (PERMISSIONS.md "create clients"): the name, the platform domain and the first ADMIN, who gets an
 * activation mail. A SUPERADMIN may mark the client as a reseller; a RESELLER's new client is resold by its own.
 */
export function CreateClientDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('clients');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { user } = useAuth();
  const [form, setForm] = useState(EMPTY);
  const [locale, setLocale] = useState<TLocale>(
    (LOCALES as readonly string[]).includes(i18n.language) ? (i18n.language as TLocale) : 'de-DE',
  );
  const { busy, error, submit, fieldError } = useFormSubmit();
  const set = (key: keyof typeof EMPTY) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm({ ...form, [key]: key === 'isReseller' ? e.currentTarget.checked : e.currentTarget.value });

  const required = [form.name, form.platformDomain, form.email, form.firstName, form.lastName];
  const save = submit(
    () => (required.some((v) => !v.trim()) ? t('form.required') : null),
    async () => {
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
    },
  );

  return (
    <FormDrawer opened={opened} onClose={onClose} size="lg" title={t('create.title')}>
      <StackedForm onSubmit={save}>
        <FormError error={error} />
        <TextInput
          label={t('fields.name')}
          required
          value={form.name}
          onChange={set('name')}
          error={fieldError('name')}
        />
        <TextInput
          label={t('fields.platformDomain')}
          description={t('fields.platformDomainHint')}
          required
          value={form.platformDomain}
          onChange={set('platformDomain')}
          error={fieldError('platformDomain')}
        />
        {user?.role === 'SUPERADMIN' && (
          <Checkbox
            label={t('fields.isReseller')}
            checked={form.isReseller}
            onChange={set('isReseller')}
            error={fieldError('isReseller')}
          />
        )}
        <Title order={2} size="h4">
          {t('create.adminTitle')}
        </Title>
        <Text size="sm">{t('create.adminHint')}</Text>
        <TextInput
          label={t('create.adminEmail')}
          type="email"
          required
          value={form.email}
          onChange={set('email')}
          error={fieldError('admin.email')}
        />
        <Group grow>
          <TextInput
            label={t('create.firstName')}
            required
            value={form.firstName}
            onChange={set('firstName')}
            error={fieldError('admin.firstName')}
          />
          <TextInput
            label={t('create.lastName')}
            required
            value={form.lastName}
            onChange={set('lastName')}
            error={fieldError('admin.lastName')}
          />
        </Group>
        <NativeSelect
          label={t('create.locale')}
          value={locale}
          onChange={(e) => setLocale(e.currentTarget.value as TLocale)}
          data={LOCALES.map((l) => ({ value: l, label: t(`locales.${l}`) }))}
          error={fieldError('admin.locale')}
        />
        <FormButtons busy={busy} onCancel={onClose} cancelLabel={t('form.cancel')} submitLabel={t('create.submit')} />
      </StackedForm>
    </FormDrawer>
  );
}
