import { Table, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props<S extends string> {
  column: S;
  sort: S;
  order: 'asc' | 'desc';
  onSort: (column: S, order: 'asc' | 'desc') => void;
  children: ReactNode;
}

/** A column header that sorts on the server; aria-sort tells screen readers the current order. */
export function SortHeader<S extends string>({ column, sort, order, onSort, children }: Props<S>) {
  const { t } = useTranslation('users');
  const active = column === sort;
  const next = active && order === 'asc' ? 'desc' : 'asc';
  return (
    <Table.Th aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton
        onClick={() => onSort(column, next)}
        fw={600}
        fz="sm"
        style={{ whiteSpace: 'nowrap' }}
        title={t(next === 'asc' ? 'list.sortAscending' : 'list.sortDescending')}
      >
        {children}
        <span aria-hidden>{active ? (order === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
      </UnstyledButton>
    </Table.Th>
  );
}
