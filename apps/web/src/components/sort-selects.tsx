import { Group, NativeSelect } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchField, type ListSearch } from './search-field';

export type SortOrder = 'asc' | 'desc';

/** The column and direction a server-sorted list is sorted by, chosen in two selects. */
export interface SortChoice<S extends string> {
  sort: S;
  order: SortOrder;
  setSort: (sort: S) => void;
  setOrder: (order: SortOrder) => void;
}

export function useSortChoice<S extends string>(initial: S): SortChoice<S> {
  const [sort, setSort] = useState<S>(initial);
  const [order, setOrder] = useState<SortOrder>('asc');
  return { sort, order, setSort, setOrder };
}

interface Props<S extends string> {
  choice: SortChoice<S>;
  sorts: readonly S[];
  /** A column's name, in the list's own words. */
  sortLabel: (sort: S) => string;
}

/** "Sort by" and "order" selects beside a list's search field (a list without sortable column headers). */
export function SortSelects<S extends string>({ choice, sorts, sortLabel }: Props<S>) {
  const { t } = useTranslation();
  return (
    <>
      <NativeSelect
        label={t('sorting.sortBy')}
        value={choice.sort}
        onChange={(e) => choice.setSort(e.currentTarget.value as S)}
        data={sorts.map((s) => ({ value: s, label: sortLabel(s) }))}
      />
      <NativeSelect
        label={t('sorting.order')}
        value={choice.order}
        onChange={(e) => choice.setOrder(e.currentTarget.value as SortOrder)}
        data={[
          { value: 'asc', label: t('sorting.ascending') },
          { value: 'desc', label: t('sorting.descending') },
        ]}
      />
    </>
  );
}

/** A list's search field with the sort selects beside it, e.g. the course and client overviews. */
export function SearchAndSort<S extends string>({
  search,
  searchLabel,
  ...sort
}: Props<S> & { search: ListSearch; searchLabel: string }) {
  return (
    <Group align="flex-end">
      <SearchField label={searchLabel} search={search} />
      <SortSelects {...sort} />
    </Group>
  );
}
