import type { HTMLAttributes, ReactNode } from 'react';

/** Attributes of one rendered row (a test id, a class), on the table's row and the phone list's item alike. */
export type RowProps = HTMLAttributes<HTMLElement> & Record<`data-${string}`, string>;

export type SortOrder = 'asc' | 'desc';

/** The column a server-sorted list is sorted by, and how to change it (a new order starts again at page 1). */
export interface Sorting<S extends string = string> {
  sort: S;
  order: SortOrder;
  // A method, so a Sorting of a narrower column type still fits a table that takes any column (bivariance).
  setSorting(sort: S, order: SortOrder): void;
}

/**
 * One column of a DataTable. Priority decides what a narrow table leaves out first (DECISIONS "table paging",
 * issue 12: no table overflows at 1280 px): 1 always, 2 from a medium width, 3 only in a wide table. The reader can
 * show or hide any column but the first in the column menu.
 */
export interface DataColumn<T> {
  id: string;
  /** The column's name: header, column menu and the label in the phone list. */
  header: string;
  cell: (row: T, index: number) => ReactNode;
  /** The server's sort key; a column without one does not sort. */
  sortKey?: string;
  priority?: 1 | 2 | 3;
  /** Keep the cell on one line (dates, badges, buttons). */
  nowrap?: boolean;
  /** Row buttons: never hidden, no label in the phone list. */
  actions?: boolean;
  /** Header shown to screen readers only (a checkbox or button column). */
  hideHeader?: boolean;
}

/** Row selection for bulk actions; `allResults` checks and locks every box ("all N results" chosen). */
export interface Selection<T> {
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  allResults?: boolean;
  rowLabel: (row: T) => string;
  pageLabel: string;
}
