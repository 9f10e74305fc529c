import {
  SMTP_TEST_REASONS,
  type TClientSmtp,
  type TSaveClientSmtpBody,
  type TSmtpTestReason,
} from '@lms/contracts/client-smtp';
import {
  Alert,
  Button,
  Checkbox,
  Code,
  Group,
  NumberInput,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { PasswordField } from '../../../components/password-field';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { formatDateTime } from '../../../lib/format';
import { clientSmtpKey, deleteClientSmtp, saveClientSmtp, testClientSmtp, useClientSmtp } from '../api/client-smtp';
import { notifySuccess } from '../../../lib/notify';

type Form = Omit<TSaveClientSmtpBody, 'password'> & { password: string; removePassword: boolean };

const formOf = (s: TClientSmtp | null): Form => ({
  fromAddress: s?.fromAddress ?? '',
  fromName: s?.fromName ?? null,
  host: s?.host ?? '',
  port: s?.port ?? 587,
  secure: s?.secure ?? false,
  username: s?.username ?? null,
  password: '',
  removePassword: false,
  rejectUnauthorized: s?.rejectUnauthorized ?? true,
  enabled: s?.enabled ?? true,
});

/**
 * A client's SMTP settings with the connection test (spec section 2 "Client admin ... SMTP (with a connection
 * test)"). The password is write-only: the form shows whether one is stored, never the password. Embeddable in the
 * client administration screens; routed on its own at /reseller/clients/{id}/smtp.
 */
export function SmtpSettings({ clientId }: { clientId: string }) {
  const smtp = useClientSmtp(clientId);
  if (smtp.isPending) return <PageLoader />;
  if (smtp.isError) return <ErrorAlert error={smtp.error} />;
  return <SmtpForm key={clientId} clientId={clientId} smtp={smtp.data.smtp} />;
}

function ErrorAlert({ error }: { error: unknown }) {
  const errorText = useErrorText();
  return (
    <Alert color="red" variant="light" role="alert">
      {errorText(error)}
    </Alert>
  );
}

function SmtpForm({ clientId, smtp }: { clientId: string; smtp: TClientSmtp | null }) {
  const { t, i18n } = useTranslation('mail');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Form>(() => formOf(smtp));
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState<'save' | 'test' | 'delete' | null>(null);
  const [offerTest, setOfferTest] = useState(false);
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  // One state (issue 12): a test that fails switches the configuration off on the server, and the switch follows.
  const storedEnabled = smtp?.enabled;
  useEffect(() => {
    if (storedEnabled !== undefined) setForm((f) => ({ ...f, enabled: storedEnabled }));
  }, [storedEnabled]);
  // Issue 28 point 5: the server drops the stored password when the account it was given for changes; say so first.
  const dropsPassword =
    !!smtp?.hasPassword &&
    !form.password &&
    !form.removePassword &&
    (form.host.trim().toLowerCase() !== smtp.host ||
      form.port !== smtp.port ||
      form.secure !== smtp.secure ||
      (form.username ?? '').trim() !== (smtp.username ?? ''));
  const reasonText = (code: TSmtpTestReason | null | undefined) => t(`smtp.reasons.${code ?? 'unknown'}`);
  /** The error's text; a failed test adds its reason, translated by its code. */
  const explain = (err: unknown) => {
    const code = isApiError(err) ? err.details?.reasonCode : undefined;
    const known = SMTP_TEST_REASONS.find((r) => r === code);
    return known ? `${errorText(err)} ${reasonText(known)}` : errorText(err);
  };

  const refresh = (value: TClientSmtp | null) => queryClient.setQueryData(clientSmtpKey(clientId), { smtp: value });

  const run = async (kind: 'save' | 'test' | 'delete', action: () => Promise<void>) => {
    setBusy(kind);
    setError(null);
    try {
      await action();
    } catch (err) {
      // A failed test's reason shows in the "disabled" notice, which the refetch below brings; only other errors
      // (no answer, a refused call) show above the form, so the reason is not said twice.
      if (!(kind === 'test' && isApiError(err) && err.code === 'smtp_test_failed')) setError(err);
      if (kind === 'test') await queryClient.invalidateQueries({ queryKey: clientSmtpKey(clientId) });
    } finally {
      setBusy(null);
    }
  };

  const save = (e: FormEvent) => {
    e.preventDefault();
    void run('save', async () => {
      const { password, removePassword, ...rest } = form;
      const body: TSaveClientSmtpBody = {
        ...rest,
        fromName: rest.fromName || null,
        username: rest.username || null,
        ...(removePassword ? { password: null } : password ? { password } : {}),
      };
      refresh(await saveClientSmtp(clientId, body));
      setForm((f) => ({ ...f, password: '', removePassword: false }));
      notifySuccess(t('smtp.saved'));
      // Saving resets the last test: offer the test of the settings just saved.
      setOfferTest(true);
    });
  };
  const test = () =>
    run('test', async () => {
      setOfferTest(false);
      refresh(await testClientSmtp(clientId));
      notifySuccess(t('smtp.testOk'));
    });
  const remove = () =>
    run('delete', async () => {
      await deleteClientSmtp(clientId);
      refresh(null);
      notifySuccess(t('smtp.deleted'));
    });

  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={save} noValidate maw={640}>
      <Stack>
        <Text c="dimmed">{smtp ? t('smtp.intro') : t('smtp.none')}</Text>
        {smtp && !smtp.enabled && (
          <Alert color="orange" variant="light" role="status">
            {smtp.disabledReason
              ? t('smtp.disabled', { reason: reasonText(smtp.disabledReasonCode) })
              : t('smtp.disabledNoReason')}
            {smtp.disabledReason && (
              <Text component="details" size="sm" mt={4}>
                <summary>{t('smtp.technicalDetails')}</summary>
                <Code block mt={4} style={{ whiteSpace: 'pre-wrap' }}>
                  {smtp.disabledReason}
                </Code>
              </Text>
            )}
          </Alert>
        )}
        {smtp && offerTest && (
          <Alert color="blue" variant="light" role="status">
            <Group justify="space-between" gap="sm">
              <Text size="sm">{t('smtp.savedOfferTest')}</Text>
              <Button size="xs" onClick={() => void test()} loading={busy === 'test'}>
                {t('smtp.testNow')}
              </Button>
            </Group>
          </Alert>
        )}
        {smtp?.lastTestAt && (
          <Text size="sm">
            {t('smtp.lastTest', {
              at: formatDateTime(smtp.lastTestAt, i18n.language),
            })}{' '}
            {smtp.lastTestOk ? t('smtp.lastTestOk') : t('smtp.lastTestFailed')}
          </Text>
        )}
        {error !== null && (
          <Alert color="red" variant="light" role="alert">
            {explain(error)}
          </Alert>
        )}
        <TextInput
          label={t('smtp.fromAddress')}
          type="email"
          required
          value={form.fromAddress}
          onChange={(e) => set('fromAddress', e.currentTarget.value)}
        />
        <TextInput
          label={t('smtp.fromName')}
          value={form.fromName ?? ''}
          onChange={(e) => set('fromName', e.currentTarget.value)}
        />
        <Group grow align="flex-start">
          <TextInput
            label={t('smtp.host')}
            required
            value={form.host}
            onChange={(e) => set('host', e.currentTarget.value)}
          />
          <NumberInput
            label={t('smtp.port')}
            description={t('smtp.portHint')}
            required
            min={1}
            max={65535}
            allowDecimal={false}
            value={form.port}
            onChange={(v) => set('port', typeof v === 'number' ? v : Number(v) || 0)}
          />
        </Group>
        <Switch
          label={t('smtp.secure')}
          checked={form.secure}
          onChange={(e) => set('secure', e.currentTarget.checked)}
        />
        <TextInput
          label={t('smtp.username')}
          autoComplete="off"
          value={form.username ?? ''}
          onChange={(e) => set('username', e.currentTarget.value)}
        />
        <PasswordField
          label={t('smtp.password')}
          description={
            dropsPassword
              ? t('smtp.passwordDropped')
              : smtp?.hasPassword
                ? `${t('smtp.passwordStored')} ${t('smtp.passwordKeep')}`
                : undefined
          }
          autoComplete="new-password"
          value={form.password}
          disabled={form.removePassword}
          onChange={(e) => set('password', e.currentTarget.value)}
        />
        {smtp?.hasPassword && (
          <Checkbox
            label={t('smtp.removePassword')}
            checked={form.removePassword}
            onChange={(e) => set('removePassword', e.currentTarget.checked)}
          />
        )}
        <Switch
          label={t('smtp.rejectUnauthorized')}
          checked={form.rejectUnauthorized}
          onChange={(e) => set('rejectUnauthorized', e.currentTarget.checked)}
        />
        <Switch
          label={t('smtp.enabled')}
          description={smtp && !smtp.enabled && smtp.disabledReason ? t('smtp.disabledSwitchHint') : undefined}
          checked={form.enabled}
          onChange={(e) => set('enabled', e.currentTarget.checked)}
        />
        <Group>
          <Button type="submit" loading={busy === 'save'} disabled={busy !== null && busy !== 'save'}>
            {t('smtp.save')}
          </Button>
          {smtp && (
            <Button
              variant="light"
              onClick={() => void test()}
              loading={busy === 'test'}
              disabled={busy !== null && busy !== 'test'}
            >
              {t('smtp.test')}
            </Button>
          )}
          {smtp && (
            <Button
              variant="subtle"
              color="red"
              onClick={() => void remove()}
              loading={busy === 'delete'}
              disabled={busy !== null && busy !== 'delete'}
            >
              {t('smtp.delete')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
