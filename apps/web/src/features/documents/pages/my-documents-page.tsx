import { Alert, Card, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { useErrorText } from '../../../lib/error-text';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMyDocuments } from '../api/documents';
import { CourseFileLine, DocumentsNav } from '../components/documents-parts';

/** /documents: the files of the courses of my trainings, in my language, by training. */
export function MyDocumentsPage() {
  const { t } = useTranslation('documents');
  usePageTitle(t('mine.title'));
  const errorText = useErrorText();
  const documents = useMyDocuments();
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
          <Stack gap={0}>
            {group.files.map((file) => (
              <CourseFileLine key={file.id} file={file} />
            ))}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
