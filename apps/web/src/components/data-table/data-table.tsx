import { Alert, Box, Checkbox, Group, Paper, Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import {
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type RowSelectionState,
  type Updater,
} from '@tanstack/react-table';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../lib/error-text';
import { NamedLoader } from '../named-loader';
import { TablePaging, type Paging } from '../table-paging';
import { ColumnMenu } from './column-menu';
import { DataList, ListSortSelect } from './data-list';
import classes from './data-table.module.css';
import { LIST_WIDTH, useColumnVisibility } from './use-column-visibility';
import type { DataColumn, RowProps, Selection, Sorting } from './types';

export interface DataTableProps<T> {
  /** The rows of this page; undefined while the first page loads. */
  data: readonly T[] | undefined;
  columns: readonly DataColumn<T>[];
  getRowId: (row: T) => string;
  /** The list's name for screen readers (the table's caption). */
  label: string;
  error?: unknown;
  fetching?: boolean;
  sorting?: Sorting;
  selection?: Selection<T>;
  /** Server paging: the page and the list's total as the server counted it. */
  paging?: Paging;
  total?: number;
  /** The server stopped counting (LIST_TOTAL_CAP): the total is "more than" it. */
  totalCapped?: boolean;
  /** "N courses": the count in the list's own words. */
  totalLabel?: (count: number) => string;
  /** What shows instead of the table when the list has no rows (EmptyState: what appears here, the next step). */
  empty: ReactNode;
  /** Extra attributes of a row (data-* for tests, drag and drop). */
  rowProps?: (row: T, index: number) => RowProps;
  /** Narrower cell padding, for a table of many columns that should still fit 1280 px (the status table). */
  compact?: boolean;
}

/** The column that holds the selection boxes (TanStack's row selection, kept in the page's Set). */
const SELECT_ID = '__select';

/**
 * The one table of the app (issue 12, ARCHITECTURE section 2: TanStack Table): server sorting and paging, row
 * selection, columns shown by priority and by the reader's choice, long texts cut, rows as a list on phones; in its
 * own card, so a wide table scrolls inside it and never the page.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { data, columns, getRowId, sorting, selection, paging, total, totalCapped, totalLabel } = props;
  const { t } = useTranslation('ui');
  const errorText = useErrorText();
  const { ref, width: measured } = useElementSize();
  // Before the first measurement, guess from the window (the menu takes 260 px from 768 px on) to avoid a flash.
  const width =
    measured || (typeof window === 'undefined' ? 1024 : window.innerWidth - (window.innerWidth >= 768 ? 320 : 40));
  const asList = width < LIST_WIDTH;
  const { visibility, setVisible } = useColumnVisibility(columns, asList ? Math.max(width, 720) : width);

  const rowSelection = useMemo<RowSelectionState>(() => {
    if (!selection || !data) return {};
    const state: RowSelectionState = {};
    for (const row of data) {
      const id = getRowId(row);
      if (selection.allResults || selection.selected.has(id)) state[id] = true;
    }
    return state;
  }, [selection, data, getRowId]);

  const defs = useMemo<ColumnDef<T>[]>(() => {
    const list: ColumnDef<T>[] = columns.map((c) => ({
      id: c.id,
      header: c.header,
      enableSorting: Boolean(c.sortKey),
      enableHiding: !c.actions,
      cell: (info) => c.cell(info.row.original, info.row.index),
      meta: c,
    }));
    if (selection) list.unshift({ id: SELECT_ID, header: selection.pageLabel, enableHiding: false, cell: () => null });
    return list;
  }, [columns, selection]);

  const sortedColumn = sorting && columns.find((c) => c.sortKey === sorting.sort);
  const table = useReactTable<T>({
    data: (data ?? []) as T[],
    columns: defs,
    getRowId: (row) => getRowId(row),
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    enableRowSelection: Boolean(selection && !selection.allResults),
    state: {
      columnVisibility: visibility,
      rowSelection,
      sorting: sortedColumn ? [{ id: sortedColumn.id, desc: sorting.order === 'desc' }] : [],
    },
    onRowSelectionChange: (updater: Updater<RowSelectionState>) => {
      if (!selection || !data) return;
      const nextState = typeof updater === 'function' ? updater(rowSelection) : updater;
      const next = new Set(selection.selected);
      for (const row of data) {
        const id = getRowId(row);
        if (nextState[id]) next.add(id);
        else next.delete(id);
      }
      selection.onChange(next);
    },
  });

  // Whether the table is scrolled sideways in its card: the pinned first column then shows where it ends.
  const [scrolled, setScrolled] = useState(false);
  const firstId = columns[0]?.id;
  /** The selection boxes and the row's name stay in view while the rest scrolls (data-table.module.css). */
  const pinned = (id: string) =>
    id === SELECT_ID
      ? { className: classes.pinned, 'data-select': true }
      : id === firstId
        ? { className: classes.pinned, 'data-after-select': selection ? true : undefined }
        : {};

  const rows = table.getRowModel().rows;
  const isEmpty = data !== undefined && data.length === 0;
  const showMenu = !asList && columns.some((c) => (c.priority ?? 1) > 1);

  const headerCell = (id: string): ReactNode => {
    if (id === SELECT_ID && selection) {
      const all = rows.length > 0 && rows.every((r) => r.getIsSelected());
      const some = rows.some((r) => r.getIsSelected());
      return (
        <Checkbox
          aria-label={selection.pageLabel}
          checked={all}
          indeterminate={some && !all}
          disabled={selection.allResults || rows.length === 0}
          onChange={(e) => table.toggleAllPageRowsSelected(e.currentTarget.checked)}
        />
      );
    }
    const column = columns.find((c) => c.id === id);
    if (!column) return null;
    if (!column.sortKey || !sorting) return column.header;
    const active = sorting.sort === column.sortKey;
    const next = active && sorting.order === 'asc' ? 'desc' : 'asc';
    const Icon = !active ? IconArrowsSort : sorting.order === 'asc' ? IconSortAscending : IconSortDescending;
    return (
      <UnstyledButton
        onClick={() => sorting.setSorting(column.sortKey as string, next)}
        fw={600}
        fz="sm"
        // Long headers wrap at their spaces, so a narrow card gives the cells the room; the icon keeps to the text.
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, textAlign: 'start' }}
        title={t(next === 'asc' ? 'table.sortAscending' : 'table.sortDescending')}
      >
        {column.header}
        <Icon size={14} aria-hidden stroke={1.6} opacity={active ? 1 : 0.5} />
      </UnstyledButton>
    );
  };

  const selectBox = (row: (typeof rows)[number]) =>
    selection && (
      <Checkbox
        aria-label={selection.rowLabel(row.original)}
        checked={row.getIsSelected()}
        disabled={selection.allResults}
        onChange={(e) => row.toggleSelected(e.currentTarget.checked)}
      />
    );

  return (
    <>
      <Paper ref={ref} withBorder radius="md" style={{ overflow: 'hidden' }}>
        {asList && sorting && !isEmpty && data !== undefined && (
          <Group justify="flex-end" px="sm" py={6} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
            <ListSortSelect columns={columns} sorting={sorting} />
          </Group>
        )}
        {Boolean(props.error) && (
          <Alert color="red" variant="light" role="alert" m="sm">
            {errorText(props.error)}
          </Alert>
        )}
        {data === undefined && !props.error && (
          <Group justify="center" p="lg">
            <NamedLoader size="sm" label={t('table.loading')} />
          </Group>
        )}
        {isEmpty && props.empty}
        {!isEmpty && data !== undefined && asList && (
          <DataList
            rows={rows}
            columns={columns}
            visibility={visibility}
            label={props.label}
            selectBox={selectBox}
            rowProps={props.rowProps}
          />
        )}
        {!isEmpty && data !== undefined && !asList && (
          <Box
            className={classes.scroller}
            style={{ overflowX: 'auto' }}
            data-scrolled={scrolled || undefined}
            onScroll={(e) => setScrolled(e.currentTarget.scrollLeft > 0)}
          >
            <Table
              striped
              highlightOnHover
              aria-busy={props.fetching}
              verticalSpacing="xs"
              horizontalSpacing={props.compact ? 6 : 'xs'}
            >
              <VisuallyHidden component="caption">{props.label}</VisuallyHidden>
              <Table.Thead>
                {table.getHeaderGroups().map((group) => (
                  <Table.Tr key={group.id}>
                    {group.headers.map((header) => {
                      const column = header.column.columnDef.meta as DataColumn<T> | undefined;
                      const sortState = header.column.getIsSorted();
                      return (
                        <Table.Th
                          key={header.id}
                          w={header.id === SELECT_ID ? 40 : undefined}
                          {...pinned(header.id)}
                          aria-sort={
                            column?.sortKey && sorting
                              ? sortState === 'asc'
                                ? 'ascending'
                                : sortState === 'desc'
                                  ? 'descending'
                                  : 'none'
                              : undefined
                          }
                        >
                          {column?.hideHeader ? (
                            <VisuallyHidden>{column.header}</VisuallyHidden>
                          ) : (
                            headerCell(header.id)
                          )}
                        </Table.Th>
                      );
                    })}
                    {showMenu && (
                      <Table.Th w={44} ta="right">
                        <ColumnMenu columns={columns} visibility={visibility} setVisible={setVisible} />
                      </Table.Th>
                    )}
                  </Table.Tr>
                ))}
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.id} {...props.rowProps?.(row.original, row.index)}>
                    {row.getVisibleCells().map((cell) => {
                      const column = cell.column.columnDef.meta as DataColumn<T> | undefined;
                      return (
                        <Table.Td
                          key={cell.id}
                          {...pinned(cell.column.id)}
                          style={column?.nowrap || column?.actions ? { whiteSpace: 'nowrap' } : undefined}
                        >
                          {/* Called, not rendered as a component: the column's cell function is new on every
                              render, and as a component type it would remount the cell (losing its state). */}
                          {cell.column.id === SELECT_ID ? selectBox(row) : column?.cell(row.original, row.index)}
                        </Table.Td>
                      );
                    })}
                    {showMenu && <Table.Td />}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
        )}
      </Paper>
      {paging && data !== undefined && total !== undefined && !isEmpty && (
        <TablePaging paging={paging} total={total} totalCapped={totalCapped} totalLabel={totalLabel} />
      )}
    </>
  );
}
