import { Alert, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { useErrorText } from '../../../lib/error-text';
import { formatDay } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { certificatePath, useMyCertificates } from '../api/documents';
import { DocumentsNav } from '../components/documents-nav';
import { DownloadButton } from '../components/download-button';

/** /documents/certificates: my certificates (GET /api/course-certificate), each with its download. */
export function MyCertificatesPage() {
  const { t, i18n } = useTranslation('documents');
  usePageTitle(t('certificates.title'));
  const errorText = useErrorText();
  const certificates = useMyCertificates();
  return (
    <Stack>
      <PageHeader title={t('certificates.title')} intro={t('certificates.intro')} />
      <DocumentsNav />
      {certificates.isPending && <PageLoader />}
      {certificates.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorText(certificates.error)}
        </Alert>
      )}
      {certificates.data?.items.length === 0 && (
        <Paper withBorder p="md" radius="md">
          <Text fw={600}>{t('certificates.emptyTitle')}</Text>
          <Text size="sm" mt={4}>
            {t('certificates.emptyText')}
          </Text>
        </Paper>
      )}
      {certificates.data && certificates.data.items.length > 0 && (
        <Table.ScrollContainer minWidth={480}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('fields.course')}</Table.Th>
                <Table.Th>{t('fields.issuedAt')}</Table.Th>
                <Table.Th>{t('fields.download')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {certificates.data.items.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>{c.courseTitle}</Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {formatDay(c.issuedAt, i18n.language)}
                    </Text>
                    {c.regeneratedAt && (
                      <Text size="xs" c="dimmed">
                        {t('certificates.regenerated', { date: formatDay(c.regeneratedAt, i18n.language) })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <DownloadButton path={certificatePath(c.id)} fileName={c.fileName} />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
