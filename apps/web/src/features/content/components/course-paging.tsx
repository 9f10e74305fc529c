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

/** DECISIONS "table paging": the server pages; 10, 25, 50, 100, 250 or 500 rows. */
export function CoursePaging({ page, pageSize, total, onPage, onPageSize }: Props) {
  const { t } = useTranslation('courses');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Group justify="space-between" wrap="wrap">
      <Text size="sm">{t('list.total', { count: total })}</Text>
      <Group gap="md" align="flex-end">
        <NativeSelect
          label={t('list.perPage')}
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
          getControlProps={(control) => ({ 'aria-label': t(`list.pageControl.${control}`) })}
          getItemProps={(p) => ({ 'aria-label': t('list.pageNumber', { page: p }) })}
        />
      </Group>
    </Group>
  );
}
