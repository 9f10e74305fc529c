import type { TClient, TUpdateClientBody } from '@lms/contracts/client-admin';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@lms/contracts/constants';
import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { useAuth } from '../../../lib/auth-store';
import { useErrorText } from '../../../lib/error-text';
import { notifySuccess } from '../../../lib/notify';
import { updateClient } from '../api/clients';
import { PlatformState } from './platform-state';
import { useClientSaved } from './use-client-saved';

type Form = Required<Omit<TUpdateClientBody, 'colours'>>;

const formOf = (c: TClient): Form => ({
  name: c.name,
  platformDomain: c.platformDomain,
  address: { ...c.address },
  platformActive: c.platformActive,
  platformStart: c.platformStart,
  platformEnd: c.platformEnd,
  supportEmail: c.supportEmail,
  emailFooter: c.emailFooter,
  invoiceClientId: c.invoiceClientId,
  minPasswordLength: c.minPasswordLength,
  entra: { ...c.entra },
  isReseller: c.isReseller,
});

const orNull = (v: string) => (v.trim() === '' ? null : v);

/** The data tab: every field of spec section 3 but design, legal texts, contacts, companies, SMTP and tokens. */
export function ClientDataForm({ client }: { client: TClient }) {
  const { t } = useTranslation('clients');
  const errorText = useErrorText();
  const { user } = useAuth();
  const saved = useClientSaved();
  const [form, setForm] = useState<Form>(() => formOf(client));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const readOnly = client.access === 'read';
  // PERMISSIONS.md "licence window": only who sells the licence changes it (issue 28 point 6); the others read it.
  const licenceReadOnly = client.licenceAccess === 'read';
  const patch = (p: Partial<Form>) => setForm((f) => ({ ...f, ...p }));
  const text = (v: string | null) => v ?? '';

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { isReseller, platformActive, platformStart, platformEnd, platformDomain, invoiceClientId, ...rest } = form;
      const licence = { platformActive, platformStart, platformEnd, platformDomain, invoiceClientId };
      const body: TUpdateClientBody = {
        ...rest,
        ...(licenceReadOnly ? {} : licence),
        ...(user?.role === 'SUPERADMIN' ? { isReseller } : {}),
      };
      const updated = await updateClient(client.id, body);
      await saved(updated);
      setForm(formOf(updated));
      notifySuccess(t('form.saved'));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void save(e)} noValidate>
      <Stack>
        {readOnly && (
          <Alert color="blue" variant="light" role="note">
            {t('form.readOnly')}
          </Alert>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Paper withBorder p="md">
          <Text fw={650} mb="xs">
            {t('form.platformTitle')}
          </Text>
          <PlatformState client={client} />
          <Text size="sm" mt="xs">
            {t('form.platformRule')}
          </Text>
          <Text size="sm" mt="xs">
            {t('form.figures', client.figures)}
          </Text>
        </Paper>
        <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack>
            <Fieldset legend={t('form.general')}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={t('fields.name')}
                  required
                  value={form.name}
                  onChange={(e) => patch({ name: e.currentTarget.value })}
                />
                <TextInput
                  label={t('fields.supportEmail')}
                  type="email"
                  value={text(form.supportEmail)}
                  onChange={(e) => patch({ supportEmail: orNull(e.currentTarget.value) })}
                />
                <NumberInput
                  label={t('fields.minPasswordLength')}
                  description={t('fields.minPasswordLengthHint', { min: PASSWORD_MIN_LENGTH })}
                  min={PASSWORD_MIN_LENGTH}
                  max={PASSWORD_MAX_LENGTH}
                  value={form.minPasswordLength}
                  onChange={(v) => patch({ minPasswordLength: typeof v === 'number' ? v : PASSWORD_MIN_LENGTH })}
                />
              </SimpleGrid>
              {user?.role === 'SUPERADMIN' && (
                <Checkbox
                  mt="md"
                  label={t('fields.isReseller')}
                  checked={form.isReseller}
                  onChange={(e) => patch({ isReseller: e.currentTarget.checked })}
                />
              )}
            </Fieldset>
            <Fieldset legend={t('form.address')}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {(['street', 'houseNumber', 'zip', 'city'] as const).map((key) => (
                  <TextInput
                    key={key}
                    label={t(`fields.${key}`)}
                    value={text(form.address[key])}
                    onChange={(e) => patch({ address: { ...form.address, [key]: orNull(e.currentTarget.value) } })}
                  />
                ))}
              </SimpleGrid>
            </Fieldset>
            <Fieldset legend={t('form.platformTitle')} disabled={licenceReadOnly}>
              <Stack>
                {licenceReadOnly && !readOnly && (
                  <Text size="sm" c="dimmed">
                    {t('form.licenceReadOnly')}
                  </Text>
                )}
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    label={t('fields.platformDomain')}
                    description={t('fields.platformDomainHint')}
                    required
                    value={form.platformDomain}
                    onChange={(e) => patch({ platformDomain: e.currentTarget.value })}
                  />
                  <TextInput
                    label={t('fields.invoiceClientId')}
                    value={text(form.invoiceClientId)}
                    onChange={(e) => patch({ invoiceClientId: orNull(e.currentTarget.value) })}
                  />
                </SimpleGrid>
                <Switch
                  label={t('fields.platformActive')}
                  checked={form.platformActive}
                  onChange={(e) => patch({ platformActive: e.currentTarget.checked })}
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <DateField
                    label={t('fields.platformStart')}
                    value={text(form.platformStart)}
                    onChange={(v) => patch({ platformStart: orNull(v) })}
                  />
                  <DateField
                    label={t('fields.platformEnd')}
                    value={text(form.platformEnd)}
                    onChange={(v) => patch({ platformEnd: orNull(v) })}
                  />
                </SimpleGrid>
              </Stack>
            </Fieldset>
            <Fieldset legend={t('form.mail')}>
              <Textarea
                label={t('fields.emailFooter')}
                autosize
                minRows={3}
                value={text(form.emailFooter)}
                onChange={(e) => patch({ emailFooter: orNull(e.currentTarget.value) })}
              />
            </Fieldset>
            <Fieldset legend={t('form.entra')}>
              <Stack>
                <Switch
                  label={t('fields.entraEnabled')}
                  description={t('fields.entraHint')}
                  checked={form.entra.enabled}
                  onChange={(e) => patch({ entra: { ...form.entra, enabled: e.currentTarget.checked } })}
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    label={t('fields.entraClientId')}
                    value={text(form.entra.clientId)}
                    onChange={(e) => patch({ entra: { ...form.entra, clientId: orNull(e.currentTarget.value) } })}
                  />
                  <TextInput
                    label={t('fields.entraTenantId')}
                    value={text(form.entra.tenantId)}
                    onChange={(e) => patch({ entra: { ...form.entra, tenantId: orNull(e.currentTarget.value) } })}
                  />
                </SimpleGrid>
              </Stack>
            </Fieldset>
            {!readOnly && (
              <Group justify="flex-end">
                <Button type="submit" loading={busy}>
                  {t('form.save')}
                </Button>
              </Group>
            )}
          </Stack>
        </fieldset>
      </Stack>
    </form>
  );
}
