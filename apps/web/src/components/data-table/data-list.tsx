import { Box, NativeSelect, Stack, Text } from '@mantine/core';
import type { Row, VisibilityState } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn, RowProps, Sorting } from './types';

interface Props<T> {
  rows: Row<T>[];
  columns: readonly DataColumn<T>[];
  visibility: VisibilityState;
  label: string;
  selectBox: (row: Row<T>) => ReactNode;
  rowProps?: (row: T, index: number) => RowProps;
}

/**
 * A table's rows on a phone (issue 12: tables become lists at 390 px): the first column as the row's heading, the
 * others as label and value beneath, the row buttons last. Nothing is wider than the screen.
 */
export function DataList<T>({ rows, columns, visibility, label, selectBox, rowProps }: Props<T>) {
  const [first, ...rest] = columns;
  const shown = rest.filter((c) => visibility[c.id] !== false);
  return (
    <Box component="ul" aria-label={label} m={0} p={0} style={{ listStyle: 'none' }}>
      {rows.map((row) => (
        <Box
          component="li"
          key={row.id}
          px="sm"
          py="xs"
          style={{ borderTop: '1px solid var(--mantine-color-gray-3)', display: 'flex', gap: 8, minWidth: 0 }}
          {...rowProps?.(row.original, row.index)}
        >
          {selectBox(row)}
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            {first && <Box fw={600}>{first.cell(row.original, row.index)}</Box>}
            {shown.map((c) =>
              c.actions ? (
                <Box key={c.id} style={{ overflowX: 'auto' }}>
                  {c.cell(row.original, row.index)}
                </Box>
              ) : (
                <Box
                  key={c.id}
                  style={{ display: 'grid', gridTemplateColumns: 'minmax(6rem, 40%) minmax(0, 1fr)', gap: 8 }}
                >
                  <Text size="xs" c="dimmed" pt={2}>
                    {c.header}
                  </Text>
                  <Box fz="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    {c.cell(row.original, row.index)}
                  </Box>
                </Box>
              ),
            )}
          </Stack>
        </Box>
      ))}
    </Box>
  );
}

/** On a phone the column headers are gone; one select chooses column and direction. */
export function ListSortSelect<T>({ columns, sorting }: { columns: readonly DataColumn<T>[]; sorting: Sorting }) {
  const { t } = useTranslation('ui');
  const sortable = columns.filter((c) => c.sortKey);
  if (sortable.length === 0) return null;
  return (
    <NativeSelect
      size="xs"
      label={t('table.sortBy')}
      style={{ display: 'flex', alignItems: 'center', gap: 8 }}
      value={`${sorting.sort}:${sorting.order}`}
      onChange={(e) => {
        const [sort, order] = e.currentTarget.value.split(':');
        if (sort && (order === 'asc' || order === 'desc')) sorting.setSorting(sort, order);
      }}
      data={sortable.flatMap((c) => [
        { value: `${c.sortKey}:asc`, label: `${c.header} ${t('table.ascendingArrow')}` },
        { value: `${c.sortKey}:desc`, label: `${c.header} ${t('table.descendingArrow')}` },
      ])}
    />
  );
}
