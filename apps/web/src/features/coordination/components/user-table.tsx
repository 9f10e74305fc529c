import type { TUser, TUserSort } from '@lms/contracts/users';
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CellText, DataTable, type DataColumn, type Sorting } from '../../../components/data-table';
import { formatDateTime } from '../../../lib/format';

interface Props {
  users: TUser[] | undefined;
  error?: unknown;
  fetching?: boolean;
  sorting: Sorting<TUserSort>;
  selected: ReadonlySet<string>;
  allResults: boolean;
  onSelect: (next: Set<string>) => void;
  onOpen: (id: string) => void;
  /** What an empty list shows (no users yet, or none matching the filters). */
  empty: ReactNode;
}

const nameOf = (u: TUser) => `${u.lastName}, ${u.firstName}`;

/** The user list of /coordination/users: one page from the server, with selection for bulk actions. */
export function UserTable({ users, error, fetching, sorting, selected, allResults, onSelect, onOpen, empty }: Props) {
  const { t, i18n } = useTranslation('users');
  const columns = useMemo<DataColumn<TUser>[]>(
    () => [
      {
        id: 'name',
        header: t('fields.name'),
        sortKey: 'name',
        cell: (u) => (
          <Group gap={6} wrap="nowrap">
            <Anchor component="button" type="button" onClick={() => onOpen(u.id)} ta="left" size="sm" fw={500}>
              {nameOf(u)}
            </Anchor>
            {u.externallyManaged && (
              <Badge size="xs" variant="outline" color="gray" c="dark.6">
                {t('list.external')}
              </Badge>
            )}
          </Group>
        ),
      },
      { id: 'email', header: t('fields.email'), sortKey: 'email', cell: (u) => <CellText text={u.email} max={220} /> },
      {
        id: 'username',
        header: t('fields.username'),
        sortKey: 'username',
        priority: 3,
        cell: (u) => <CellText text={u.username} max={160} />,
      },
      {
        id: 'personnelNumber',
        header: t('fields.personnelNumber'),
        sortKey: 'personnelNumber',
        priority: 3,
        cell: (u) => <CellText text={u.personnelNumber} max={120} />,
      },
      {
        id: 'company',
        header: t('fields.company'),
        sortKey: 'company',
        priority: 3,
        cell: (u) => <CellText text={u.companyName} max={160} />,
      },
      {
        id: 'groups',
        header: t('fields.groups'),
        sortKey: 'group',
        priority: 2,
        cell: (u) => <CellText text={u.groups.map((g) => g.name).join(', ')} max={180} />,
      },
      { id: 'role', header: t('fields.role'), sortKey: 'role', nowrap: true, cell: (u) => t(`roles.${u.role}`) },
      {
        id: 'status',
        header: t('fields.status'),
        sortKey: 'status',
        nowrap: true,
        priority: 2,
        cell: (u) => (
          <Text size="sm" fw={u.active ? 400 : 600}>
            <span
              aria-hidden
              style={{ color: u.active ? 'var(--mantine-color-green-8)' : 'var(--mantine-color-gray-6)' }}
            >
              ●{' '}
            </span>
            {t(u.active ? 'status.active' : 'status.inactive')}
          </Text>
        ),
      },
      {
        id: 'lastLogin',
        header: t('fields.lastLogin'),
        sortKey: 'lastLogin',
        nowrap: true,
        priority: 2,
        cell: (u) => formatDateTime(u.lastLoginAt, i18n.language) || t('list.never'),
      },
    ],
    [t, i18n.language, onOpen],
  );
  return (
    <DataTable
      label={t('list.title')}
      data={users}
      error={error}
      fetching={fetching}
      columns={columns}
      getRowId={(u) => u.id}
      rowProps={(u) => ({ 'data-user-id': u.id })}
      sorting={sorting}
      selection={{
        selected,
        allResults,
        onChange: onSelect,
        rowLabel: (u) => t('list.selectRow', { name: nameOf(u) }),
        pageLabel: t('list.selectPage'),
      }}
      empty={empty}
    />
  );
}
