import type { TParticipantSort, TParticipantStatus } from '@lms/contracts/trainings';
import { Anchor, Badge, Button, Group, Stack, Switch, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CellText, DataTable, type DataColumn, type Sorting } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { ResultBadge } from '../../../components/result-badge';
import type { Paging } from '../../../components/table-paging';
import { StatusBadge } from '../../../components/training-status-badge';
import { ValidityText } from '../../../components/validity-text';
import { formatDateTime } from '../../../lib/format';

type Row = TParticipantStatus & { id: string };

interface Props {
  list: UseQueryResult<{ items: Row[]; total: number; totalCapped?: boolean }>;
  paging: Paging;
  sorting: Sorting<TParticipantSort>;
  filtered: boolean;
  /** The user whose OPTIONAL mark is being changed. */
  busyUserId: string | null;
  onOptional: (row: Row, optional: boolean) => void;
  /** The user a reminder is being sent to. */
  remindingUserId: string | null;
  onRemind: (row: Row) => void;
  /** Issue 30 point 1: opens the participant's cycles. */
  onCycles: (row: Row) => void;
  /** Issue 31 point 1: opens the participant's results per module. */
  onResults: (row: Row) => void;
}

/**
 * The Reminder column's notes wrap at this width (px): on one line "Completed: no reminder needed" made the table
 * too wide for 1280 px and cut off its last column (issue 32).
 */
const NOTE_WIDTH = 150;

/** Why this participant gets no reminder, or null: the server's participantRefusal, shown before asking it. */
function notRemindable(row: Pick<Row, 'status' | 'optional'>): 'completed' | 'optional' | null {
  if (row.status === 'COMPLETED') return 'completed';
  if (row.status === 'OPTIONAL' || row.optional) return 'optional';
  return null;
}

/** The participants' status table of one training (server paging and sorting). */
export function ParticipantTable({
  list,
  paging,
  sorting,
  filtered,
  busyUserId,
  onOptional,
  remindingUserId,
  onRemind,
  onCycles,
  onResults,
}: Props) {
  const { t, i18n } = useTranslation('trainings');
  const when = (iso: string | null) => formatDateTime(iso, i18n.language);
  const columns: DataColumn<Row>[] = [
    {
      id: 'name',
      header: t('participants.name'),
      sortKey: 'name',
      cell: (row) => (
        // At least 140 px: where the table scrolls in its card, this column stays in view and is not squeezed.
        <Stack gap={2} miw={140}>
          <Anchor
            component={Link}
            to={`/reports/record/${row.userId}`}
            size="sm"
            title={t('participants.recordOf', { name: row.name })}
            // The whole name, on two lines if need be, rather than cut short.
            maw={180}
            style={{ overflowWrap: 'break-word' }}
          >
            {row.name}
          </Anchor>
          {(row.direct || !row.assigned) && (
            <Group gap={4}>
              {row.direct && (
                <Badge size="xs" variant="outline" color="gray" c="dark.6">
                  {t('participants.direct')}
                </Badge>
              )}
              {!row.assigned && (
                <Badge size="xs" variant="outline" color="gray" c="dark.6">
                  {t('participants.notAssigned')}
                </Badge>
              )}
            </Group>
          )}
        </Stack>
      ),
    },
    {
      id: 'email',
      header: t('participants.email'),
      sortKey: 'email',
      priority: 2,
      cell: (row) => <CellText text={row.email} max={180} />,
    },
    {
      id: 'status',
      header: t('participants.status'),
      sortKey: 'status',
      nowrap: true,
      cell: (row) => <StatusBadge status={row.status} />,
    },
    {
      id: 'validity',
      header: t('trainings:validity.column'),
      priority: 2,
      cell: (row) =>
        row.validity || row.cycle > 1 ? (
          <Stack gap={2} align="flex-start">
            <ValidityText validity={row.validity} validUntil={row.validUntil} size="xs" />
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() => onCycles(row)}
              aria-label={t('trainings:validity.showCycles', { name: row.name })}
            >
              {t('trainings:validity.cycle', { cycle: row.cycle })}
            </Button>
          </Stack>
        ) : null,
    },
    {
      id: 'progress',
      header: t('participants.modules'),
      sortKey: 'progress',
      nowrap: true,
      priority: 2,
      cell: (row) => t('participants.modulesOf', { completed: row.completedModules, total: row.requiredModules }),
    },
    {
      id: 'score',
      header: t('participants.result'),
      sortKey: 'score',
      nowrap: true,
      cell: (row) => (
        <Stack gap={2} align="flex-start">
          <ResultBadge success={row.result} score={row.score} size="xs" />
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => onResults(row)}
            aria-label={t('result.showFor', { name: row.name })}
          >
            {t('result.show')}
          </Button>
        </Stack>
      ),
    },
    {
      id: 'startedAt',
      header: t('participants.startedAt'),
      sortKey: 'startedAt',
      nowrap: true,
      priority: 3,
      cell: (row) => when(row.startedAt),
    },
    {
      id: 'completedAt',
      header: t('participants.completedAt'),
      sortKey: 'completedAt',
      nowrap: true,
      priority: 3,
      cell: (row) => when(row.completedAt),
    },
    {
      id: 'optional',
      header: t('participants.optional'),
      priority: 2,
      cell: (row) => (
        <Switch
          checked={row.optional}
          disabled={busyUserId === row.userId || !row.assigned}
          onChange={(e) => onOptional(row, e.currentTarget.checked)}
          aria-label={t('participants.optionalFor', { name: row.name })}
          // The off track needs 3:1 against the page (WCAG 1.4.11); Mantine's grey 3 gives 1.3:1.
          styles={{ track: row.optional ? {} : { backgroundColor: 'var(--mantine-color-gray-6)' } }}
        />
      ),
    },
    {
      id: 'actions',
      header: t('reminders.actions'),
      actions: true,
      cell: (row) => {
        // Issue 32: the completed and the optional are never reminded (DECISIONS "manual reminder"), so their
        // button is off and says why; the other refusals (too soon, unreachable, ...) come back from the server.
        const notNeeded = notRemindable(row);
        const reasonId = `remind-reason-${row.userId}`;
        return (
          <Stack gap={2} align="flex-start">
            <Button
              size="compact-sm"
              variant="default"
              loading={remindingUserId === row.userId}
              disabled={!row.assigned || notNeeded !== null}
              onClick={() => onRemind(row)}
              aria-label={t('reminders.remindFor', { name: row.name })}
              aria-describedby={notNeeded ? reasonId : undefined}
            >
              {t('reminders.remind')}
            </Button>
            {notNeeded && (
              <Text id={reasonId} size="xs" c="dimmed" maw={NOTE_WIDTH} style={{ whiteSpace: 'normal' }}>
                {t(notNeeded === 'completed' ? 'reminders.notNeededCompleted' : 'reminders.notNeededOptional')}
              </Text>
            )}
            {row.lastReminderAt && (
              <Text size="xs" c="dimmed" maw={NOTE_WIDTH} style={{ whiteSpace: 'normal' }}>
                {t('reminders.lastReminder', { date: when(row.lastReminderAt) })}
              </Text>
            )}
          </Stack>
        );
      },
    },
  ];
  return (
    <DataTable
      label={t('participants.title')}
      data={list.data?.items}
      error={list.error}
      fetching={list.isFetching}
      columns={columns}
      getRowId={(row) => row.id}
      compact
      sorting={sorting}
      paging={paging}
      total={list.data?.total}
      totalCapped={list.data?.totalCapped}
      totalLabel={(count) => t('participants.total', { count })}
      empty={
        filtered ? <EmptyState title={t('participants.noMatch')} /> : <EmptyState title={t('participants.empty')} />
      }
    />
  );
}
