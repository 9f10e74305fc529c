import { useState } from 'react';
import type { Paging } from '../table-paging';
import type { SortOrder, Sorting } from './types';

/** Sort state of a server-paged list; a new order starts again at page 1. */
export function useSorting<S extends string>(initial: S, paging: Paging, order: SortOrder = 'asc'): Sorting<S> {
  const [state, setState] = useState<{ sort: S; order: SortOrder }>({ sort: initial, order });
  return {
    ...state,
    setSorting: (sort, next) => {
      setState({ sort, order: next });
      paging.setPage(1);
    },
  };
}
