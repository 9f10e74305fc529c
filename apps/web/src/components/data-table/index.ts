export { DataTable, type DataTableProps, type RowProps } from './data-table';
export { CellText } from './cell-text';
export type { DataColumn, Selection, Sorting, SortOrder } from './types';
export { useSorting } from './use-sorting';
