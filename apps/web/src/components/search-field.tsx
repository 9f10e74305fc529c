import { TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { Paging } from './table-paging';

/** The search text of a server-paged list: what the field shows and what the server is asked for. */
export interface ListSearch {
  value: string;
  /** Trimmed, and only 300 ms after the last key, so typing does not ask the server for every letter. */
  debounced: string;
  set: (value: string) => void;
}

/** A new search starts again at page 1: the page the reader was on may not exist among the matches. */
export function useListSearch(paging: Paging): ListSearch {
  const [value, setValue] = useState('');
  const [debounced] = useDebouncedValue(value.trim(), 300);
  return {
    value,
    debounced,
    set: (next) => {
      setValue(next);
      paging.setPage(1);
    },
  };
}

type Props = { search: ListSearch } & Omit<TextInputProps, 'type' | 'value' | 'onChange'>;

/** The search field above a server-paged list (the rest of its props, e.g. label and width, go to the input). */
export function SearchField({ search, ...props }: Props) {
  return (
    <TextInput {...props} type="search" value={search.value} onChange={(e) => search.set(e.currentTarget.value)} />
  );
}
