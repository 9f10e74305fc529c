import { Alert, Table } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { useErrorText } from '../lib/error-text';
import { TablePaging, type Paging } from './table-paging';

interface Props<T> {
  list: UseQueryResult<{ items: T[]; total: number }>;
  paging: Paging;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  /** A text becomes a plain header cell; an element (e.g. a sorting header) is a whole `Table.Th` of its own. */
  headers: readonly ReactNode[];
  emptyText: string;
  totalLabel: (total: number) => string;
  /** The cells of one row. */
  renderRow: (item: T) => ReactNode;
}

/**
 * A list the server pages (DECISIONS "table paging"): the load error, the rows (or the empty line) and the paging
 * controls. The page above it keeps its own heading and filters.
 */
export function PagedTable<T extends { id: string }>(props: Props<T>) {
  const { list, paging, minWidth, headers, emptyText, totalLabel, renderRow } = props;
  const errorText = useErrorText();
  return (
    <>
      {list.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorText(list.error)}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={minWidth}>
        <Table striped highlightOnHover aria-busy={list.isFetching}>
          <Table.Thead>
            <Table.Tr>
              {headers.map((header, i) =>
                typeof header === 'string' ? (
                  <Table.Th key={i}>{header}</Table.Th>
                ) : (
                  <Fragment key={i}>{header}</Fragment>
                ),
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data?.items.map((item) => (
              <Table.Tr key={item.id}>{renderRow(item)}</Table.Tr>
            ))}
            {list.data?.items.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={headers.length}>{emptyText}</Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {list.data && <TablePaging paging={paging} total={list.data.total} totalLabel={totalLabel(list.data.total)} />}
    </>
  );
}
