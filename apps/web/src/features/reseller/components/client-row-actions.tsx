import type { DataColumn } from '../../../components/data-table';
import { RowActions } from '../../../components/row-actions';

/** One of a row's two buttons: its label, its name for screen readers (naming the row) and what it does. */
interface RowButton<T> {
  label: string;
  name: (row: T) => string;
  onClick: (row: T) => void;
}

/**
 * The last column of a client tab's list (contacts, companies): change the row and delete it. Only a reader who may
 * write (useMayWriteClient) gets it; for any other the list has no such column.
 */
export function changeAndDeleteColumn<T>(
  mayWrite: boolean,
  header: string,
  change: RowButton<T>,
  remove: RowButton<T>,
): DataColumn<T>[] {
  if (!mayWrite) return [];
  return [
    {
      id: 'actions',
      header,
      actions: true,
      cell: (row) => (
        <RowActions
          actions={[
            { label: change.label, name: change.name(row), onClick: () => change.onClick(row) },
            { label: remove.label, name: remove.name(row), danger: true, onClick: () => remove.onClick(row) },
          ]}
        />
      ),
    },
  ];
}
