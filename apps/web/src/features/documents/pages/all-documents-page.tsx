import type { TAllDocumentSort } from '@lms/contracts/documents';
import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { ValidityText } from '../../../components/validity-text';
import { CellText, useSorting } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { PagedTable } from '../../../components/paged-table';
import { SearchField, useListSearch } from '../../../components/search-field';
import { pageQuery, usePaging } from '../../../components/table-paging';
import { formatDay } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { certificatePath, useAllDocuments } from '../api/documents';
import { CertificateActions } from '../components/certificate-actions';
import { DownloadButton } from '../../../components/download-button';
import { DocumentsNav } from '../components/documents-parts';

/**
 * /documents/all: the certificates of every user the reader coordinates (a coordinator: the members of their
 * groups; admins: the whole client), searched, sorted and paged on the server.
 */
export function AllDocumentsPage() {
  const { t, i18n } = useTranslation(['documents', 'ui', 'trainings']);
  usePageTitle(t('all.title'));
  const paging = usePaging();
  const sorting = useSorting<TAllDocumentSort>('issuedAt', paging);
  const search = useListSearch(paging);
  const list = useAllDocuments({
    ...pageQuery(paging, sorting),
    search: search.debounced || undefined,
  });
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
        label={t('all.title')}
        sorting={sorting}
        columns={[
          {
            id: 'user',
            header: t('fields.user'),
            sortKey: 'userName',
            cell: (doc) => (
              <>
                <Text size="sm" fw={500} truncate="end" maw={240} title={doc.userName}>
                  {doc.userName}
                </Text>
                <CellText text={doc.email} max={240} dimmed />
              </>
            ),
          },
          {
            id: 'course',
            header: t('fields.course'),
            sortKey: 'courseTitle',
            cell: (doc) => <CellText text={doc.courseTitle} max={280} />,
          },
          {
            id: 'issuedAt',
            header: t('fields.issuedAt'),
            sortKey: 'issuedAt',
            priority: 2,
            cell: (doc) => (
              <>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDay(doc.issuedAt, i18n.language)}
                </Text>
                {doc.regeneratedAt && (
                  <Text size="xs" c="dimmed">
                    {t('certificates.regenerated', { date: formatDay(doc.regeneratedAt, i18n.language) })}
                  </Text>
                )}
                {doc.withdrawnAt && (
                  <Badge color="red" variant="light" size="sm">
                    {t('all.withdrawn')}
                  </Badge>
                )}
              </>
            ),
          },
          {
            id: 'validity',
            header: t('trainings:validity.column'),
            priority: 2,
            cell: (doc) =>
              doc.validity ? (
                <Stack gap={2}>
                  <ValidityText validity={doc.validity} validUntil={doc.validUntil} size="xs" />
                  {doc.cycle > 1 && <Text size="xs">{t('trainings:validity.cycle', { cycle: doc.cycle })}</Text>}
                </Stack>
              ) : (
                <Text size="sm">{t('trainings:validity.forever')}</Text>
              ),
          },
          {
            id: 'download',
            header: t('fields.download'),
            actions: true,
            cell: (doc) => (
              <DownloadButton
                path={certificatePath(doc.id)}
                fileName={t('all.fileName', { course: doc.courseTitle, name: doc.userName })}
                workaround={{ type: 'certificate', id: doc.id }}
              />
            ),
          },
          {
            id: 'manage',
            header: t('all.manage'),
            actions: true,
            cell: (doc) => <CertificateActions doc={doc} />,
          },
        ]}
        empty={search.debounced ? <EmptyState title={t('all.noMatch')} /> : <EmptyState title={t('all.empty')} />}
        totalLabel={(count) => t('all.total', { count })}
      />
    </Stack>
  );
}
