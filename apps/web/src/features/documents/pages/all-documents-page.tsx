import type { TAllDocumentSort } from '@lms/contracts/documents';
import { Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { PagedTable } from '../../../components/paged-table';
import { SearchField, useListSearch } from '../../../components/search-field';
import { usePaging } from '../../../components/table-paging';
import { formatDay } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { SortHeader, useSorting } from '../../coordination/components/sort-header';
import { certificatePath, useAllDocuments } from '../api/documents';
import { DocumentsNav } from '../components/documents-nav';
import { DownloadButton } from '../components/download-button';

/**
 * /documents/all: the certificates of every user the reader coordinates (a coordinator: the members of their
 * groups; admins: the whole client), searched, sorted and paged on the server.
 */
export function AllDocumentsPage() {
  const { t, i18n } = useTranslation('documents');
  usePageTitle(t('all.title'));
  const paging = usePaging();
  const sorting = useSorting<TAllDocumentSort>('issuedAt', paging);
  const search = useListSearch(paging);
  const list = useAllDocuments({
    page: paging.page,
    pageSize: paging.pageSize,
    sort: sorting.sort,
    order: sorting.order,
    search: search.debounced || undefined,
  });
  const header = (column: TAllDocumentSort, label: string) => (
    <SortHeader column={column} sorting={sorting}>
      {label}
    </SortHeader>
  );
  return (
    <Stack>
      <PageHeader title={t('all.title')} intro={t('all.intro')} />
      <DocumentsNav />
      <SearchField
        label={t('all.search')}
        description={t('all.searchHint')}
        w={{ base: '100%', xs: 360 }}
        search={search}
      />
      <PagedTable
        list={list}
        paging={paging}
        minWidth={720}
        headers={[
          header('userName', t('fields.user')),
          header('courseTitle', t('fields.course')),
          header('issuedAt', t('fields.issuedAt')),
          t('fields.download'),
        ]}
        emptyText={search.debounced ? t('all.noMatch') : t('all.empty')}
        totalLabel={(count) => t('all.total', { count })}
        renderRow={(doc) => (
          <>
            <Table.Td>
              <Text size="sm" fw={500}>
                {doc.userName}
              </Text>
              {doc.email && (
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {doc.email}
                </Text>
              )}
            </Table.Td>
            <Table.Td>{doc.courseTitle}</Table.Td>
            <Table.Td>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatDay(doc.issuedAt, i18n.language)}
              </Text>
              {doc.regeneratedAt && (
                <Text size="xs" c="dimmed">
                  {t('certificates.regenerated', { date: formatDay(doc.regeneratedAt, i18n.language) })}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <DownloadButton
                path={certificatePath(doc.id)}
                fileName={t('all.fileName', { course: doc.courseTitle, name: doc.userName })}
              />
            </Table.Td>
          </>
        )}
      />
    </Stack>
  );
}
