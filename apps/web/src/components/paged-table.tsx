import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DataTable, type DataColumn, type RowProps, type Sorting } from './data-table';
import type { Paging } from './table-paging';

interface Props<T> {
  list: UseQueryResult<{ items: T[]; total: number; totalCapped?: boolean }>;
  paging: Paging;
  /** The list's name for screen readers. */
  label: string;
  columns: readonly DataColumn<T>[];
  sorting?: Sorting;
  /** What shows when there are no rows: an EmptyState with the next step. */
  empty: ReactNode;
  totalLabel: (total: number) => string;
  rowProps?: (row: T, index: number) => RowProps;
}

/** A list the server pages (DECISIONS "table paging"): the DataTable fed by one React Query list. */
export function PagedTable<T extends { id: string }>({ list, ...props }: Props<T>) {
  return (
    <DataTable
      {...props}
      data={list.data?.items}
      error={list.error}
      fetching={list.isFetching}
      getRowId={(row) => row.id}
      total={list.data?.total}
      totalCapped={list.data?.totalCapped}
    />
  );
}
