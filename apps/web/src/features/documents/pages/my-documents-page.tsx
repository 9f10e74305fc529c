import type { TMyDocumentFile } from '@lms/contracts/documents';
import { Alert, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { useErrorText } from '../../../lib/error-text';
import { formatBytes, formatDay } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { courseFilePath, useMyDocuments } from '../api/documents';
import { DocumentsNav } from '../components/documents-nav';
import { DownloadButton } from '../components/download-button';

/** /documents: the files of the courses of my trainings, in my language, by training. */
export function MyDocumentsPage() {
  const { t, i18n } = useTranslation('documents');
  usePageTitle(t('mine.title'));
  const errorText = useErrorText();
  const documents = useMyDocuments();
  const fileLine = (file: TMyDocumentFile) => (
    <Group key={file.id} justify="space-between" wrap="nowrap" gap="sm" py={6}>
      <div style={{ minWidth: 0 }}>
        <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
          {file.fileName}
        </Text>
        <Text size="sm" c="dimmed">
          {t('mine.fileFacts', {
            type: 'PDF',
            size: formatBytes(file.size, i18n.language),
            date: formatDay(file.updatedAt, i18n.language),
          })}
        </Text>
      </div>
      <DownloadButton
        path={courseFilePath(file.id)}
        fileName={file.fileName}
        workaround={{ type: 'course-file', id: file.id }}
      />
    </Group>
  );
  return (
    <Stack>
      <PageHeader title={t('mine.title')} intro={t('mine.intro')} />
      <DocumentsNav />
      {documents.isPending && <PageLoader />}
      {documents.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorText(documents.error)}
        </Alert>
      )}
      {documents.data?.items.length === 0 && (
        <Paper withBorder p="md" radius="md">
          <Text fw={600}>{t('mine.emptyTitle')}</Text>
          <Text size="sm" mt={4}>
            {t('mine.emptyText')}
          </Text>
        </Paper>
      )}
      {documents.data?.items.map((group) => (
        <Card
          key={group.trainingId}
          withBorder
          radius="md"
          component="section"
          aria-labelledby={`docs-${group.trainingId}`}
        >
          <Title order={2} size="h4" id={`docs-${group.trainingId}`} mb="xs">
            {group.courseTitle}
          </Title>
          <Stack gap={0}>{group.files.map(fileLine)}</Stack>
        </Card>
      ))}
    </Stack>
  );
}
