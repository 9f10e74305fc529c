import type { VisibilityState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import type { DataColumn } from './types';

/** Table widths (px of the table's card) from which priority 2 and 3 columns show by themselves. */
export const PRIORITY_WIDTHS = { 2: 720, 3: 1000 } as const;
/** Below this width of its card a table becomes a list of rows (phones). */
export const LIST_WIDTH = 600;

/** What the reader chose in the column menu wins over what the width decides. */
export function useColumnVisibility<T>(columns: readonly DataColumn<T>[], width: number) {
  const [chosen, setChosen] = useState<VisibilityState>({});
  const auto = useMemo(() => {
    const state: VisibilityState = {};
    for (const c of columns) {
      const p = c.priority ?? 1;
      state[c.id] = p === 1 || (width >= PRIORITY_WIDTHS[p] && width > 0);
    }
    return state;
  }, [columns, width]);
  const visibility = { ...auto, ...chosen };
  return {
    visibility,
    setVisible: (id: string, visible: boolean) => setChosen((c) => ({ ...c, [id]: visible })),
  };
}
