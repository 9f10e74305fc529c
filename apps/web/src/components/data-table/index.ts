export { DataTable, type DataTableProps } from './data-table';
export { CellText } from './cell-text';
export type { DataColumn, RowProps, Selection, Sorting, SortOrder } from './types';
export { useSorting } from './use-sorting';
