import { can, scopeOf } from '@lms/contracts/permissions';
import type { TReportChoices } from '@lms/contracts/reports';
import { Box, Button, Group, NativeSelect, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { useAuth } from '../../../lib/auth-store';
import { useReportChoices } from '../api/reports';
import type { ReportParams } from '../api/report-params';
import { ClientPicker } from './client-picker';

interface Props {
  filters: ReportParams;
  set: (values: Record<string, string | undefined>) => void;
}

const LISTS = { training: 'trainings', group: 'groups', company: 'companies' } as const satisfies Record<
  string,
  keyof TReportChoices
>;

/** The scopes that read the resold clients' reports too (permissions.ts `reports.read`): the reseller roles. */
const RESOLD = new Set(['resold', 'resold-read']);

/**
 * The filters every report has: period, training, group and company, kept in the URL by the page; a reseller also
 * picks the client (its own or one it resells). Groups, companies and trainings belong to a client: a change of
 * client drops them and the choices are those of the client chosen.
 */
export function ReportFilters({ filters, set }: Props) {
  const { t } = useTranslation('reports');
  const user = useAuth().user;
  const picksClient =
    !!user && RESOLD.has(scopeOf(user.role, 'reports.read') ?? '') && can(user.role, 'clients.overview');
  const choices = useReportChoices(filters.client);
  const select = (key: keyof typeof LISTS) => (
    <NativeSelect
      key={key}
      label={t(`filters.${key}`)}
      w={{ base: '100%', xs: 220 }}
      value={filters[key] ?? ''}
      onChange={(e) => set({ [key]: e.currentTarget.value })}
      data={[
        { value: '', label: t(`filters.all.${key}`) },
        ...(choices.data?.[LISTS[key]] ?? []).map((c) => ({ value: c.id, label: c.name })),
      ]}
    />
  );
  // The client is whose report it is, not a filter: resetting the filters keeps it.
  const any = [filters.from, filters.to, filters.group, filters.company, filters.training].some(Boolean);
  const group = (
    <Group align="flex-end" gap="sm" data-testid="report-filters">
      <Box w={{ base: 'calc(50% - 6px)', xs: 160 }}>
        <DateField label={t('filters.from')} value={filters.from ?? ''} onChange={(v) => set({ from: v })} />
      </Box>
      <Box w={{ base: 'calc(50% - 6px)', xs: 160 }}>
        <DateField
          label={t('filters.to')}
          value={filters.to ?? ''}
          onChange={(v) => set({ to: v })}
          minDate={filters.from}
        />
      </Box>
      {(['training', 'group', 'company'] as const).map(select)}
      {any && (
        <Button variant="subtle" onClick={() => set({ from: '', to: '', group: '', company: '', training: '' })}>
          {t('filters.reset')}
        </Button>
      )}
    </Group>
  );
  if (!picksClient || !user) return group;
  // Whose report it is, on a line of its own above the filters of that client.
  return (
    <Stack gap="sm">
      <ClientPicker
        ownId={user.clientId}
        value={filters.client}
        onChange={(client) => set({ client, group: '', company: '', training: '' })}
      />
      {group}
    </Stack>
  );
}
