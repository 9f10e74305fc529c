import { PAGE_SIZES } from '@lms/contracts/constants';
import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Props {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  /** The key of the "N rows" text, e.g. users:paging.users. */
  totalKey: string;
}

/** DECISIONS "table paging": server-side pages of 10, 25, 50, 100, 250 or 500 rows. */
export function ListPaging({ page, pageSize, total, onPage, onPageSize, totalKey }: Props) {
  const { t } = useTranslation('users');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Group justify="space-between" wrap="wrap">
      <Text size="sm">{t(totalKey, { count: total })}</Text>
      <Group gap="md" align="flex-end">
        <NativeSelect
          label={t('paging.perPage')}
          size="xs"
          data={PAGE_SIZES.map(String)}
          value={String(pageSize)}
          onChange={(e) => {
            onPageSize(Number(e.currentTarget.value));
            onPage(1);
          }}
        />
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={onPage}
          size="sm"
          getControlProps={(control) => ({ 'aria-label': t(`paging.${control}`) })}
          getItemProps={(p) => ({ 'aria-label': t('paging.page', { page: p }) })}
        />
      </Group>
    </Group>
  );
}
