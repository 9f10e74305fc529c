import type { TCourse } from '@lms/contracts/courses';
import type { TCourseFile } from '@lms/contracts/course-files';
import { Alert, Button, Fieldset, Group, Image, Modal, Stack, Table, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { showApiError } from '../../../lib/error-text';
import { usePageTitle } from '../../../lib/use-page-title';
import { courseKeys, deleteCourseFile, fetchCourseFilePart, useCourse } from '../api/courses';
import { CourseFileForm } from '../components/course-file-form';
import { CourseNav } from '../components/course-nav';
import { notifySuccess } from '../../../lib/notify';
import { formatBytes } from '../../../lib/format';

/** /content/courses/{id}/files: per-locale PDF downloads with a file name and a logo graphic. */
export function CourseFilesPage() {
  const { t } = useTranslation('courses');
  const { id = '' } = useParams();
  const course = useCourse(id);
  usePageTitle(course.data ? `${t('nav.files')} – ${course.data.title}` : t('nav.files'));
  if (course.isPending) return <PageLoader />;
  if (course.isError)
    return (
      <Alert color="red" role="alert">
        {t('form.loadFailed')}
      </Alert>
    );
  return <FilesEditor course={course.data} />;
}

/** The logo is behind the session, so it is fetched with it and shown from a blob URL. */
function Logo({ courseId, file }: { courseId: string; file: TCourseFile }) {
  const { t } = useTranslation('courses');
  const logo = useQuery({
    queryKey: ['course-file-logo', file.id, file.updatedAt],
    queryFn: async () => URL.createObjectURL(await fetchCourseFilePart(courseId, file.id, 'logo')),
    enabled: file.hasLogo,
    staleTime: Infinity,
  });
  if (!file.hasLogo || !logo.data) return null;
  return <Image src={logo.data} alt={t('files.logoOf', { name: file.fileName })} h={40} w="auto" fit="contain" />;
}

function FilesEditor({ course }: { course: TCourse }) {
  const { t, i18n } = useTranslation('courses');
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<TCourseFile | null>(null);
  const [deleting, setDeleting] = useState<TCourseFile | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: courseKeys.one(course.id) });

  const download = async (file: TCourseFile) => {
    try {
      const url = URL.createObjectURL(await fetchCourseFilePart(course.id, file.id, 'pdf'));
      const a = document.createElement('a');
      a.href = url;
      a.download = file.fileName;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (err) {
      showApiError(err);
    }
  };

  const remove = async (file: TCourseFile) => {
    setBusy(true);
    try {
      await deleteCourseFile(course.id, file.id);
      notifySuccess(t('files.deleted'));
      await refresh();
    } catch (err) {
      showApiError(err);
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  const saved = async (message: string) => {
    notifySuccess(message);
    setEditing(null);
    await refresh();
  };

  return (
    <Stack>
      <CourseNav courseId={course.id} title={course.title} />
      {course.files.length === 0 ? (
        <Text>{t('files.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={700}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('files.locale')}</Table.Th>
                <Table.Th>{t('files.fileName')}</Table.Th>
                <Table.Th>{t('files.size')}</Table.Th>
                <Table.Th>{t('files.logo')}</Table.Th>
                <Table.Th>{t('modules.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {course.files.map((file) => (
                <Table.Tr key={file.id}>
                  <Table.Td>{t(`locales.${file.locale}`)}</Table.Td>
                  <Table.Td>{file.fileName}</Table.Td>
                  <Table.Td>{formatBytes(file.pdfSize, i18n.language)}</Table.Td>
                  <Table.Td>
                    <Logo courseId={course.id} file={file} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => void download(file)}
                        aria-label={t('files.downloadOf', { name: file.fileName })}
                      >
                        {t('files.download')}
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        onClick={() => setEditing(file)}
                        aria-label={t('files.editOf', { name: file.fileName })}
                      >
                        {t('files.edit')}
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => setDeleting(file)}
                        aria-label={t('files.deleteOf', { name: file.fileName })}
                      >
                        {t('files.delete')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Fieldset legend={t('files.add')}>
        <CourseFileForm courseId={course.id} onDone={() => void saved(t('files.uploaded'))} />
      </Fieldset>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={t('files.editTitle')} size="lg">
        {editing && <CourseFileForm courseId={course.id} file={editing} onDone={() => void saved(t('files.saved'))} />}
      </Modal>
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t('files.deleteTitle')}>
        <Text>{t('files.deleteText', { name: deleting?.fileName ?? '' })}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setDeleting(null)}>
            {t('common:cancel')}
          </Button>
          <Button color="red" loading={busy} onClick={() => deleting && void remove(deleting)}>
            {t('files.delete')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
