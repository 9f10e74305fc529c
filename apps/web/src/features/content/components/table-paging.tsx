import { PAGE_SIZES } from '@lms/contracts/constants';
import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Props {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

/** DECISIONS "table paging": server-side pages of 10, 25, 50, 100, 250 or 500 rows. */
export function TablePaging({ page, pageSize, total, onPage, onPageSize }: Props) {
  const { t } = useTranslation('mail');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Group justify="space-between" wrap="wrap">
      <Text size="sm">{t('paging.total', { count: total })}</Text>
      <Group gap="md">
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
          getControlProps={(control) => ({ 'aria-label': `${t('paging.pages')}: ${control}` })}
          getItemProps={(p) => ({ 'aria-label': String(p) })}
        />
      </Group>
    </Group>
  );
}
