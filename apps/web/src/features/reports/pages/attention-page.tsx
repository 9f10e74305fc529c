import { REPORT_SORTS, REPORT_STATES, type TAttentionRow } from '@lms/contracts/reports';
import type { TPageSize } from '@lms/contracts/constants';
import { can } from '@lms/contracts/permissions';
import { Anchor, Group, NativeSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CellText, DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import type { Paging } from '../../../components/table-paging';
import { useAuth } from '../../../lib/auth-store';
import { formatDate, formatDateTime } from '../../../lib/format';
import { queryString } from '../../../lib/http';
import { usePageTitle } from '../../../lib/use-page-title';
import { useReportParams } from '../api/report-params';
import { useAttention } from '../api/reports';
import { RemindBar } from '../components/remind-bar';
import { ReportExportSlot } from '../components/report-export-slot';
import { ReportFilters } from '../components/report-filters';

const keyOf = (r: Pick<TAttentionRow, 'trainingId' | 'userId'>) => `${r.trainingId}/${r.userId}`;

/**
 * /reports/attention: every training at once, who is overdue, whose validity ends within 30 days and whose has
 * ended, with their groups and coordinators (issue 31 point 2). State, filters, sort and page are the URL's.
 */
export function AttentionPage() {
  const { t, i18n } = useTranslation('reports');
  usePageTitle(t('attention.title'));
  const user = useAuth().user;
  const mayRemind = !!user && can(user.role, 'reports.remind');
  const { filters, attention, set } = useReportParams();
  // A resold client's trainings are not the reader's to coordinate: their titles are no links there.
  const ownClient = !filters.client || filters.client === user?.clientId;
  const list = useAttention(attention);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const paging: Paging = {
    page: attention.page,
    pageSize: attention.pageSize,
    setPage: (page) => set({ page: page === 1 ? undefined : page }),
    setPageSize: (size: TPageSize) => set({ pageSize: size === 50 ? undefined : size }),
  };
  const daysText = (r: TAttentionRow) => t(`attention.days.${r.state}`, { count: r.days });
  const rows = (list.data?.items ?? []).map((r) => ({ ...r, id: keyOf(r) }));
  return (
    <Stack>
      <PageHeader
        title={t('attention.title')}
        intro={t('attention.intro')}
        action={
          <Group gap="sm">
            <Anchor component={Link} to={`/reports${queryString({ ...filters })}`}>
              {t('attention.toCompliance')}
            </Anchor>
            <ReportExportSlot report="attention" />
          </Group>
        }
      />
      <SegmentedControl
        aria-label={t('attention.state')}
        value={attention.state}
        onChange={(v) => {
          setSelected(new Set());
          set({ state: v === 'overdue' ? undefined : v });
        }}
        data={REPORT_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))}
        w={{ base: '100%', xs: 'auto' }}
        style={{ alignSelf: 'flex-start' }}
      />
      <ReportFilters
        filters={filters}
        set={(v) => {
          setSelected(new Set());
          set(v);
        }}
      />
      <Group justify="space-between" align="flex-end">
        <NativeSelect
          label={t('attention.sort')}
          w={{ base: '100%', xs: 260 }}
          value={attention.sort}
          onChange={(e) => set({ sort: e.currentTarget.value === 'urgent' ? undefined : e.currentTarget.value })}
          data={REPORT_SORTS.map((s) => ({ value: s, label: t(`sorts.${s}.${attention.state}`) }))}
        />
        {mayRemind && (
          <RemindBar
            selected={selected}
            all={{ all: true, filters: { ...filters, state: attention.state } }}
            total={list.data?.total ?? 0}
            totalCapped={list.data?.totalCapped ?? false}
            onDone={() => setSelected(new Set())}
          />
        )}
      </Group>
      <DataTable
        data={list.data ? rows : undefined}
        error={list.error}
        fetching={list.isFetching}
        getRowId={(r) => r.id}
        label={t(`states.${attention.state}`)}
        paging={paging}
        total={list.data?.total}
        totalCapped={list.data?.totalCapped}
        totalLabel={(count) =>
          t('attention.total', { count, formatted: new Intl.NumberFormat(i18n.language).format(count) })
        }
        selection={
          mayRemind
            ? {
                selected,
                onChange: setSelected,
                rowLabel: (r) => t('attention.selectRow', { name: r.name, training: r.trainingTitle }),
                pageLabel: t('attention.selectPage'),
              }
            : undefined
        }
        empty={<EmptyState title={t(`attention.empty.${attention.state}`)} text={t('attention.emptyText')} />}
        rowProps={(r) => ({ 'data-row': r.id })}
        columns={[
          {
            id: 'person',
            header: t('attention.person'),
            cell: (r) => (
              <>
                <CellText text={r.name} max={220} />
                {r.email && (
                  <Text size="xs" c="dimmed">
                    <CellText text={r.email} max={220} />
                  </Text>
                )}
              </>
            ),
          },
          {
            id: 'training',
            header: t('attention.training'),
            cell: (r) =>
              ownClient ? (
                <Anchor component={Link} size="sm" to={`/coordination/trainings/${r.trainingId}`}>
                  <CellText text={r.trainingTitle} max={220} />
                </Anchor>
              ) : (
                <CellText text={r.trainingTitle} max={220} />
              ),
          },
          {
            id: 'days',
            header: t(`attention.daysHeader.${attention.state}`),
            nowrap: true,
            cell: (r) => (
              <>
                <Text size="sm" fw={600} c={r.state === 'expiring' ? 'orange.9' : 'red.9'}>
                  {daysText(r)}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDate(r.dueOn, i18n.language)}
                </Text>
              </>
            ),
          },
          {
            id: 'groups',
            header: t('attention.groups'),
            priority: 2,
            cell: (r) => <CellText text={r.groups.map((g) => g.name).join(', ') || '–'} max={200} />,
          },
          {
            id: 'coordinators',
            header: t('attention.coordinators'),
            priority: 3,
            cell: (r) => <CellText text={r.coordinators.join(', ') || '–'} max={200} />,
          },
          {
            id: 'reminded',
            header: t('attention.lastReminder'),
            priority: 3,
            nowrap: true,
            cell: (r) => formatDateTime(r.lastReminderAt, i18n.language) || '–',
          },
        ]}
      />
    </Stack>
  );
}
