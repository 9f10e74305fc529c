import type { VisibilityState } from '@tanstack/react-table';
import { useLayoutEffect, useMemo, useState, type RefObject } from 'react';
import type { DataColumn } from './types';

/** Table widths (px of the table's card) from which priority 2 and 3 columns show by themselves. */
export const PRIORITY_WIDTHS = { 2: 720, 3: 1000 } as const;
/** Below this width of its card a table becomes a list of rows (phones). */
export const LIST_WIDTH = 600;

/**
 * The column a table that is wider than its card leaves out next (issue 32: the status table's last column was cut
 * off at 1280 px): of the columns shown by the width, not by the reader's choice, the one of the highest priority
 * number (3, then 2), the right-most of those; never the first column nor the row buttons (priority 1 always stays).
 */
export function nextToLeaveOut<T>(
  columns: readonly DataColumn<T>[],
  visibility: VisibilityState,
  chosen: VisibilityState,
): string | undefined {
  const candidates = columns
    .map((c, index) => ({ c, index }))
    .filter(({ c, index }) => index > 0 && !c.actions && (c.priority ?? 1) > 1)
    .filter(({ c }) => visibility[c.id] !== false && chosen[c.id] === undefined);
  candidates.sort((a, b) => (b.c.priority ?? 1) - (a.c.priority ?? 1) || b.index - a.index);
  return candidates[0]?.c.id;
}

const NONE: readonly string[] = [];

/**
 * What the reader chose in the column menu wins over what the width decides. `fit` is the table's scroll box and
 * what it shows (the rows): a table still wider than the box leaves out one more column per render (nextToLeaveOut)
 * until it fits, so no language's longer headers push a column out of sight; a new width starts again from the
 * priorities.
 */
export function useColumnVisibility<T>(
  columns: readonly DataColumn<T>[],
  width: number,
  fit?: { box: RefObject<HTMLElement | null>; content: unknown },
) {
  const [chosen, setChosen] = useState<VisibilityState>({});
  const [left, setLeft] = useState<{ width: number; ids: readonly string[] }>({ width, ids: NONE });
  const leftOut = useMemo(() => (left.width === width ? left.ids : NONE), [left, width]);
  const auto = useMemo(() => {
    const state: VisibilityState = {};
    for (const c of columns) {
      const p = c.priority ?? 1;
      state[c.id] = p === 1 || (width >= PRIORITY_WIDTHS[p] && width > 0);
    }
    return state;
  }, [columns, width]);
  const visibility = useMemo<VisibilityState>(
    () => ({ ...auto, ...Object.fromEntries(leftOut.map((id) => [id, false])), ...chosen }),
    [auto, leftOut, chosen],
  );
  // Measured before the browser paints, so a column too many never shows; it stops when the table fits or nothing
  // is left to leave out.
  const box = fit?.box;
  const content = fit?.content;
  useLayoutEffect(() => {
    const el = box?.current;
    if (!el || el.scrollWidth <= el.clientWidth + 1) return;
    const id = nextToLeaveOut(columns, visibility, chosen);
    if (id) setLeft({ width, ids: [...leftOut, id] });
  }, [box, content, columns, visibility, chosen, width, leftOut]);
  return {
    visibility,
    setVisible: (id: string, visible: boolean) => setChosen((c) => ({ ...c, [id]: visible })),
  };
}
