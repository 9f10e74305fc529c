import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type TPageSize } from '@lms/contracts/constants';
import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The page a server-paged list shows, and how to move it. */
export interface Paging {
  page: number;
  pageSize: TPageSize;
  setPage: (page: number) => void;
  setPageSize: (size: TPageSize) => void;
}

export function usePaging(): Paging {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<TPageSize>(DEFAULT_PAGE_SIZE);
  return { page, pageSize, setPage, setPageSize };
}

/** The page and sort of a server-paged, sorted list's request (the list adds its search and filters). */
export function pageQuery<S extends string, O extends string>(paging: Paging, sorting: { sort: S; order: O }) {
  return { page: paging.page, pageSize: paging.pageSize, sort: sorting.sort, order: sorting.order };
}

interface Props {
  paging: Paging;
  total: number;
  /** The server stopped counting at its cap (page contract `totalCapped`): "more than 10,000". */
  totalCapped?: boolean;
  /** "N courses", "N entries": the count in the list's own words. */
  totalLabel?: string | ((count: number) => string);
}

/** DECISIONS "table paging": the server pages; 10, 25, 50, 100, 250 or 500 rows. */
export function TablePaging({ paging, total, totalCapped, totalLabel }: Props) {
  const { t, i18n } = useTranslation(['common', 'ui']);
  const { page, pageSize, setPage, setPageSize } = paging;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Group justify="space-between" wrap="wrap">
      <Text size="sm">
        {totalCapped
          ? t('ui:table.moreThan', { formatted: new Intl.NumberFormat(i18n.language).format(total) })
          : typeof totalLabel === 'function'
            ? totalLabel(total)
            : (totalLabel ?? t('ui:table.total', { count: total }))}
      </Text>
      <Group gap="md" align="flex-end">
        <NativeSelect
          label={t('paging.perPage')}
          size="xs"
          data={PAGE_SIZES.map(String)}
          value={String(pageSize)}
          onChange={(e) => {
            const size = PAGE_SIZES.find((s) => String(s) === e.currentTarget.value);
            if (size === undefined) return;
            setPageSize(size);
            setPage(1);
          }}
        />
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={setPage}
          size="sm"
          getControlProps={(control) => ({ 'aria-label': t(`paging.pageControl.${control}`) })}
          getItemProps={(p) => ({ 'aria-label': t('paging.pageNumber', { page: p }) })}
        />
      </Group>
    </Group>
  );
}
