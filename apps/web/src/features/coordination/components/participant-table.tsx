import type { TParticipantSort, TParticipantStatus } from '@lms/contracts/trainings';
import { Badge, Button, Group, Stack, Switch, Table, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../components/paged-table';
import type { Paging } from '../../../components/table-paging';
import { StatusBadge } from '../../../components/training-status-badge';
import { formatDateTime } from '../../../lib/format';
import { SortHeader, type Sorting } from './sort-header';

type Row = TParticipantStatus & { id: string };

interface Props {
  list: UseQueryResult<{ items: Row[]; total: number }>;
  paging: Paging;
  sorting: Sorting<TParticipantSort>;
  filtered: boolean;
  /** The user whose OPTIONAL mark is being changed. */
  busyUserId: string | null;
  onOptional: (row: Row, optional: boolean) => void;
  /** The user a reminder is being sent to. */
  remindingUserId: string | null;
  onRemind: (row: Row) => void;
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
}: Props) {
  const { t, i18n } = useTranslation('trainings');
  const header = (column: TParticipantSort, label: string) => (
    <SortHeader column={column} sorting={sorting}>
      {label}
    </SortHeader>
  );
  const when = (iso: string | null) => (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
      {formatDateTime(iso, i18n.language)}
    </Text>
  );
  return (
    <PagedTable
      list={list}
      paging={paging}
      minWidth={1100}
      headers={[
        header('name', t('participants.name')),
        header('email', t('participants.email')),
        header('status', t('participants.status')),
        header('progress', t('participants.modules')),
        header('startedAt', t('participants.startedAt')),
        header('completedAt', t('participants.completedAt')),
        t('participants.optional'),
        t('reminders.actions'),
      ]}
      emptyText={filtered ? t('participants.noMatch') : t('participants.empty')}
      totalLabel={(count) => t('participants.total', { count })}
      renderRow={(row) => (
        <>
          <Table.Td>
            <Stack gap={2}>
              <Text size="sm">{row.name}</Text>
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
            </Stack>
          </Table.Td>
          <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.email ?? ''}</Table.Td>
          <Table.Td>
            <StatusBadge status={row.status} />
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            {t('participants.modulesOf', { completed: row.completedModules, total: row.requiredModules })}
          </Table.Td>
          <Table.Td>{when(row.startedAt)}</Table.Td>
          <Table.Td>{when(row.completedAt)}</Table.Td>
          <Table.Td>
            <Switch
              checked={row.optional}
              disabled={busyUserId === row.userId || !row.assigned}
              onChange={(e) => onOptional(row, e.currentTarget.checked)}
              aria-label={t('participants.optionalFor', { name: row.name })}
              // The off track needs 3:1 against the page (WCAG 1.4.11); Mantine's grey 3 gives 1.3:1.
              styles={{ track: row.optional ? {} : { backgroundColor: 'var(--mantine-color-gray-6)' } }}
            />
          </Table.Td>
          <Table.Td>
            <Stack gap={2} align="flex-start">
              {/* Refusals (completed, optional, too soon, ...) come back from the server with their own message. */}
              <Button
                size="compact-sm"
                variant="default"
                loading={remindingUserId === row.userId}
                disabled={!row.assigned}
                onClick={() => onRemind(row)}
                aria-label={t('reminders.remindFor', { name: row.name })}
              >
                {t('reminders.remind')}
              </Button>
              {row.lastReminderAt && (
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {t('reminders.lastReminder', { date: formatDateTime(row.lastReminderAt, i18n.language) })}
                </Text>
              )}
            </Stack>
          </Table.Td>
        </>
      )}
    />
  );
}
