import { CLIENT_SETTING, type ClientSettingName } from '@lms/contracts/client-settings';
import { Alert, Button, Group, NumberInput, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { notifySuccess } from '../../../lib/notify';
import { clientSettingsKey, saveClientSettingValues, useClientSettingValues } from '../api/client-settings';

/** The settings the tab edits, in sections; each is a whole number, the nullable ones empty for "never". */
const SECTIONS: ReadonlyArray<{ id: 'audit' | 'gdpr' | 'digest'; names: ClientSettingName[] }> = [
  { id: 'audit', names: ['auditRetentionDays'] },
  { id: 'digest', names: ['digestWeekday'] },
  {
    id: 'gdpr',
    names: ['certificateKeepYears', 'inactiveDeactivateMonths', 'inactiveEraseMonths', 'inactiveWarningDays'],
  },
];
const NULLABLE = new Set<ClientSettingName>(['inactiveDeactivateMonths', 'inactiveEraseMonths']);
const RANGE: Record<ClientSettingName, [number, number]> = {
  auditRetentionDays: [30, 3_650],
  certificateKeepYears: [0, 30],
  inactiveDeactivateMonths: [1, 240],
  inactiveEraseMonths: [1, 240],
  inactiveWarningDays: [1, 90],
  digestWeekday: [1, 7],
};
/** Settings chosen from a list of weekdays (ISO: 1 Monday ... 7 Sunday) rather than typed. */
const WEEKDAYS = new Set<ClientSettingName>(['digestWeekday']);
/** 2024-01-01 was a Monday: day n of the ISO week is 2024-01-0n. */
const weekdayName = (n: number, language: string) =>
  new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, n)));

type Values = Partial<Record<ClientSettingName, number | null>>;

/**
 * The settings tab of /reseller/clients/{id} (issue 30 point 3): the client's stored settings of the registry
 * (contracts client-settings.ts), the audit retention and the GDPR periods, for its ADMIN and the SUPERADMIN.
 */
export function ClientSettingsTab({ clientId }: { clientId: string }) {
  const settings = useClientSettingValues(clientId);
  const errorText = useErrorText();
  if (settings.isPending) return <PageLoader />;
  if (settings.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {errorText(settings.error)}
      </Alert>
    );
  const values: Values = {};
  for (const item of settings.data.items)
    if (Object.hasOwn(CLIENT_SETTING, item.name)) values[item.name as ClientSettingName] = item.value as number | null;
  return <SettingsForm key={clientId} clientId={clientId} initial={values} />;
}

function SettingsForm({ clientId, initial }: { clientId: string; initial: Values }) {
  const { t, i18n } = useTranslation('clients', { keyPrefix: 'settingsTab' });
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ text: string; field?: string } | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const items = SECTIONS.flatMap((s) =>
        s.names.map((name) => {
          const d = CLIENT_SETTING[name];
          return { key: d.key, subkey: d.subkey, value: values[name] ?? null };
        }),
      );
      await saveClientSettingValues(clientId, { items });
      await queryClient.invalidateQueries({ queryKey: clientSettingsKey(clientId) });
      notifySuccess(t('saved'));
    } catch (err) {
      const details = isApiError(err) ? (err.details as { field?: unknown; path?: unknown } | undefined) : undefined;
      const field = typeof details?.path === 'string' ? details.path : (details?.field as string | undefined);
      setError({ text: errorText(err), field });
    } finally {
      setBusy(false);
    }
  };

  const fieldError = (name: ClientSettingName) => {
    if (!error?.field) return undefined;
    const d = CLIENT_SETTING[name];
    return error.field === `${d.key}/${d.subkey}` || error.field === name ? t('invalid') : undefined;
  };

  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={(e) => void submit(e)} noValidate>
      <Stack>
        <Text>{t('intro')}</Text>
        {SECTIONS.map((section) => (
          <Stack key={section.id} gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
            <Title order={2} size="h3" component="legend">
              {t(`sections.${section.id}`)}
            </Title>
            {section.names.map((name) => {
              const [min, max] = RANGE[name];
              const value = values[name];
              if (WEEKDAYS.has(name))
                return (
                  <Select
                    key={name}
                    label={t(`fields.${name}.label`)}
                    description={t(`fields.${name}.description`, {
                      default: weekdayName(CLIENT_SETTING[name].default as number, i18n.language),
                    })}
                    data={[1, 2, 3, 4, 5, 6, 7].map((n) => ({
                      value: String(n),
                      label: weekdayName(n, i18n.language),
                    }))}
                    value={value ? String(value) : null}
                    allowDeselect={false}
                    error={fieldError(name)}
                    onChange={(v) => setValues((old) => ({ ...old, [name]: v ? Number(v) : undefined }))}
                    maw={360}
                  />
                );
              return (
                <NumberInput
                  key={name}
                  label={t(`fields.${name}.label`)}
                  description={t(`fields.${name}.description`, { default: CLIENT_SETTING[name].default ?? '–' })}
                  placeholder={NULLABLE.has(name) ? t('never') : undefined}
                  min={min}
                  max={max}
                  allowDecimal={false}
                  allowNegative={false}
                  value={value ?? ''}
                  error={fieldError(name)}
                  onChange={(v) =>
                    setValues((old) => ({
                      ...old,
                      [name]: typeof v === 'number' ? v : NULLABLE.has(name) ? null : undefined,
                    }))
                  }
                  maw={360}
                />
              );
            })}
          </Stack>
        ))}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error.text}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={busy}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
