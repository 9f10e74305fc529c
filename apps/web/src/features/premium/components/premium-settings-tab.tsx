import { yearlyDiscountPercent, type TPremiumSettings } from '@lms/contracts/premium';
import {
  Alert,
  Button,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { useErrorText } from '../../../lib/error-text';
import { notifySuccess } from '../../../lib/notify';
import { useMayWriteClient } from '../../../lib/use-may-write-client';
import { premiumKeys, savePremiumSettings, usePremiumSettings } from '../api/premium';
import { ClientPurchases } from './client-purchases';

/**
 * The client's premium tab (spec section 3 "client prices and invoice data"): prices in the currency's main unit
 * (stored as integer cents), VAT, the bank account the prepayment invoice names, and the purchases to check.
 */
export function PremiumSettingsTab({ clientId }: { clientId: string }) {
  const settings = usePremiumSettings(clientId);
  const errorText = useErrorText();
  if (settings.isPending) return <PageLoader />;
  if (settings.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {errorText(settings.error)}
      </Alert>
    );
  return (
    <Stack gap="xl">
      <SettingsForm key={clientId} clientId={clientId} settings={settings.data} />
      <ClientPurchases clientId={clientId} />
    </Stack>
  );
}

const toCents = (value: number | string) => Math.round(Number(value || 0) * 100);

function SettingsForm({ clientId, settings }: { clientId: string; settings: TPremiumSettings }) {
  const { t, i18n } = useTranslation('premium');
  // The reader's decimal comma (9,99 in German and French).
  const separators =
    i18n.language === 'en-US' ? { decimalSeparator: '.' } : { decimalSeparator: ',', thousandSeparator: '.' };
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const mayWrite = useMayWriteClient();
  const [form, setForm] = useState(settings);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const set = <K extends keyof TPremiumSettings>(key: K, value: TPremiumSettings[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const text = (key: 'bankAccountHolder' | 'iban' | 'bic' | 'bankName' | 'sellerVatId', label: string) => (
    <TextInput
      label={t(label)}
      value={form[key]}
      onChange={(e) => set(key, e.currentTarget.value)}
      readOnly={!mayWrite}
    />
  );
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const saved = await savePremiumSettings(clientId, form);
      queryClient.setQueryData(premiumKeys.settings(clientId), saved);
      setForm(saved);
      notifySuccess(t('admin.saved'));
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={(e: FormEvent) => void save(e)}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('admin.settingsTitle')}
        </Title>
        {error !== null && (
          <Alert color="red" variant="light" role="alert">
            {errorText(error)}
          </Alert>
        )}
        <Switch
          label={t('admin.enabled')}
          checked={form.enabled}
          onChange={(e) => set('enabled', e.currentTarget.checked)}
          disabled={!mayWrite}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label={t('admin.monthly')}
            value={form.monthlyCents / 100}
            onChange={(v) => set('monthlyCents', toCents(v))}
            decimalScale={2}
            fixedDecimalScale
            {...separators}
            min={0}
            readOnly={!mayWrite}
          />
          <NumberInput
            label={t('admin.yearly')}
            value={form.yearlyCents / 100}
            onChange={(v) => set('yearlyCents', toCents(v))}
            decimalScale={2}
            fixedDecimalScale
            {...separators}
            min={0}
            readOnly={!mayWrite}
          />
          <NativeSelect
            label={t('admin.currency')}
            value={form.currency}
            onChange={(e) => set('currency', e.currentTarget.value as TPremiumSettings['currency'])}
            data={['EUR', 'CHF', 'USD', 'GBP']}
            disabled={!mayWrite}
          />
          <NumberInput
            label={t('admin.vatRate')}
            value={form.vatRateBasisPoints / 100}
            onChange={(v) => set('vatRateBasisPoints', Math.round(Number(v || 0) * 100))}
            decimalScale={2}
            decimalSeparator={separators.decimalSeparator}
            min={0}
            max={100}
            readOnly={!mayWrite}
          />
        </SimpleGrid>
        <Text size="sm" data-testid="yearly-discount">
          {t('admin.discount', { percent: yearlyDiscountPercent(form.monthlyCents, form.yearlyCents) })}
        </Text>
        <Title order={3} size="h4">
          {t('admin.bankTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('bankAccountHolder', 'admin.accountHolder')}
          {text('iban', 'admin.iban')}
          {text('bic', 'admin.bic')}
          {text('bankName', 'admin.bankName')}
          {text('sellerVatId', 'admin.sellerVatId')}
        </SimpleGrid>
        {mayWrite && (
          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              {t('admin.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
