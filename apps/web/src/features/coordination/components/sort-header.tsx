import { Table, UnstyledButton } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Paging } from '../../../components/table-paging';

export type SortOrder = 'asc' | 'desc';

/** The column a server-sorted list is sorted by, and how to change it. */
export interface Sorting<S extends string> {
  sort: S;
  order: SortOrder;
  setSorting: (sort: S, order: SortOrder) => void;
}

/** Sort state of a paged list; a new order starts again at page 1. */
export function useSorting<S extends string>(initial: S, paging: Paging): Sorting<S> {
  const [state, setState] = useState<{ sort: S; order: SortOrder }>({ sort: initial, order: 'asc' });
  return {
    ...state,
    setSorting: (sort, order) => {
      setState({ sort, order });
      paging.setPage(1);
    },
  };
}

interface Props<S extends string> {
  column: S;
  sorting: Sorting<S>;
  children: ReactNode;
}

/** A column header that sorts on the server; aria-sort tells screen readers the current order. */
export function SortHeader<S extends string>({ column, sorting, children }: Props<S>) {
  const { t } = useTranslation('users');
  const { sort, order, setSorting } = sorting;
  const active = column === sort;
  const next = active && order === 'asc' ? 'desc' : 'asc';
  return (
    <Table.Th aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton
        onClick={() => setSorting(column, next)}
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
