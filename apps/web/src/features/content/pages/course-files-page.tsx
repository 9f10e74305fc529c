import type { TCourse } from '@lms/contracts/courses';
import type { TCourseFile } from '@lms/contracts/course-files';
import { Fieldset, Image, Modal, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CellText, DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { RowActions } from '../../../components/row-actions';
import { showApiError } from '../../../lib/error-text';
import { formatBytes } from '../../../lib/format';
import { courseKeys, deleteCourseFile, fetchCourseFilePart } from '../api/courses';
import { CourseFileForm } from '../components/course-file-form';
import { CourseNav } from '../components/course-nav';
import { CourseScreen } from '../components/course-screen';
import { useCourseItems } from '../components/use-course-items';

/** /content/courses/{id}/files: per-locale PDF downloads with a file name and a logo graphic. */
export function CourseFilesPage() {
  const { t } = useTranslation('courses');
  return <CourseScreen name={t('nav.files')}>{(course) => <FilesEditor course={course} />}</CourseScreen>;
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
  return (
    <Image
      src={logo.data}
      alt={t('files.logoOf', { name: file.fileName })}
      loading="lazy"
      height={40}
      h={40}
      w="auto"
      fit="contain"
    />
  );
}

function FilesEditor({ course }: { course: TCourse }) {
  const { t, i18n } = useTranslation(['courses', 'ui']);
  const queryClient = useQueryClient();
  const items = useCourseItems<TCourseFile>({
    deleteItem: (file) => deleteCourseFile(course.id, file.id),
    deletedText: t('files.deleted'),
    refresh: () => queryClient.invalidateQueries({ queryKey: courseKeys.one(course.id) }),
  });
  const { editing, setEditing, deleting, setDeleting } = items;

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

  return (
    <Stack>
      <CourseNav courseId={course.id} title={course.title} />
      <DataTable
        label={t('nav.files')}
        data={course.files}
        getRowId={(file) => file.id}
        columns={[
          { id: 'fileName', header: t('files.fileName'), cell: (file) => <CellText text={file.fileName} max={280} /> },
          { id: 'locale', header: t('files.locale'), nowrap: true, cell: (file) => t(`locales.${file.locale}`) },
          {
            id: 'size',
            header: t('files.size'),
            nowrap: true,
            priority: 2,
            cell: (file) => formatBytes(file.pdfSize, i18n.language),
          },
          {
            id: 'logo',
            header: t('files.logo'),
            priority: 2,
            cell: (file) => <Logo courseId={course.id} file={file} />,
          },
          {
            id: 'actions',
            header: t('modules.actions'),
            actions: true,
            cell: (file) => (
              <RowActions
                actions={[
                  {
                    label: t('files.download'),
                    name: t('files.downloadOf', { name: file.fileName }),
                    variant: 'light',
                    onClick: () => void download(file),
                  },
                  {
                    label: t('files.edit'),
                    name: t('files.editOf', { name: file.fileName }),
                    onClick: () => setEditing(file),
                  },
                  {
                    label: t('files.delete'),
                    name: t('files.deleteOf', { name: file.fileName }),
                    danger: true,
                    onClick: () => setDeleting(file),
                  },
                ]}
              />
            ),
          },
        ]}
        empty={<EmptyState title={t('files.empty')} text={t('ui:empty.files.text')} />}
      />
      <Fieldset legend={t('files.add')}>
        <CourseFileForm key={items.formKey} courseId={course.id} onDone={() => void items.added(t('files.uploaded'))} />
      </Fieldset>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={t('files.editTitle')} size="lg">
        {editing && (
          <CourseFileForm courseId={course.id} file={editing} onDone={() => void items.saved(t('files.saved'))} />
        )}
      </Modal>
      <ConfirmDeleteModal
        opened={deleting !== null}
        title={t('files.deleteTitle')}
        text={t('files.deleteText', { name: deleting?.fileName ?? '' })}
        confirmLabel={t('files.delete')}
        busy={items.busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void items.remove(deleting)}
      />
    </Stack>
  );
}
