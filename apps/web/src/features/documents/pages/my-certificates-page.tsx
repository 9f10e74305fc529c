import { Button, Stack, Text } from '@mantine/core';
import { IconCertificate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CellText, DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { ValidityText } from '../../../components/validity-text';
import { formatDay } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { certificatePath, useMyCertificates } from '../api/documents';
import { DownloadButton } from '../../../components/download-button';
import { DocumentsNav } from '../components/documents-parts';

/** /documents/certificates: my certificates (GET /api/course-certificate), each with its download. */
export function MyCertificatesPage() {
  const { t, i18n } = useTranslation(['documents', 'ui', 'trainings']);
  usePageTitle(t('certificates.title'));
  const certificates = useMyCertificates();
  return (
    <Stack>
      <PageHeader title={t('certificates.title')} intro={t('certificates.intro')} />
      <DocumentsNav />
      <DataTable
        label={t('certificates.title')}
        data={certificates.data?.items}
        error={certificates.error}
        getRowId={(c) => c.id}
        columns={[
          { id: 'course', header: t('fields.course'), cell: (c) => <CellText text={c.courseTitle} max={360} /> },
          {
            id: 'issuedAt',
            header: t('fields.issuedAt'),
            cell: (c) => (
              <>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDay(c.issuedAt, i18n.language)}
                </Text>
                {c.regeneratedAt && (
                  <Text size="xs" c="dimmed">
                    {t('certificates.regenerated', { date: formatDay(c.regeneratedAt, i18n.language) })}
                  </Text>
                )}
              </>
            ),
          },
          {
            id: 'validity',
            header: t('trainings:validity.column'),
            cell: (c) =>
              c.validity ? (
                <Stack gap={2}>
                  <ValidityText validity={c.validity} validUntil={c.validUntil} size="xs" />
                  {c.cycle > 1 && <Text size="xs">{t('trainings:validity.cycle', { cycle: c.cycle })}</Text>}
                </Stack>
              ) : (
                <Text size="sm">{t('trainings:validity.forever')}</Text>
              ),
          },
          {
            id: 'download',
            header: t('fields.download'),
            actions: true,
            cell: (c) => (
              <DownloadButton
                path={certificatePath(c.id)}
                fileName={c.fileName}
                workaround={{ type: 'certificate', id: c.id }}
              />
            ),
          },
        ]}
        empty={
          <EmptyState
            icon={<IconCertificate size={26} stroke={1.5} />}
            title={t('certificates.emptyTitle')}
            text={t('certificates.emptyText')}
            action={
              <Button component={Link} to="/" variant="light">
                {t('ui:empty.myCertificates.action')}
              </Button>
            }
          />
        }
      />
    </Stack>
  );
}
