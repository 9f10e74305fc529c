import type { TCourse } from '@lms/contracts/courses';
import type { TModule } from '@lms/contracts/modules';
import { Fieldset, Modal, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { showApiError } from '../../../lib/error-text';
import { courseKeys, deleteModule, orderModules } from '../api/courses';
import { CourseNav } from '../components/course-nav';
import { CourseScreen } from '../components/course-screen';
import { ModuleForm } from '../components/module-form';
import { ModuleTable } from '../components/module-table';
import { EmptyState } from '../../../components/empty-state';
import { useCourseItems } from '../components/use-course-items';

/** /content/courses/{id}/modules: upload, order (drag and drop), edit, preview and delete the course's modules. */
export function CourseModulesPage() {
  const { t } = useTranslation('courses');
  return <CourseScreen name={t('nav.modules')}>{(course) => <ModulesEditor course={course} />}</CourseScreen>;
}

function ModulesEditor({ course }: { course: TCourse }) {
  const { t } = useTranslation(['courses', 'ui']);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const items = useCourseItems<TModule>({
    deleteItem: (module) => deleteModule(course.id, module.id),
    deletedText: t('modules.deleted'),
    refresh: () => queryClient.invalidateQueries({ queryKey: courseKeys.all }),
  });
  const { editing, setEditing, deleting, setDeleting, busy, setBusy } = items;
  const [modules, setModules] = useState(course.modules);
  // The server's list wins whenever the course is fetched again.
  const [seen, setSeen] = useState(course);
  if (seen !== course) {
    setSeen(course);
    setModules(course.modules);
  }

  const reorder = async (ids: string[]) => {
    const previous = modules;
    setModules(ids.map((mid) => modules.find((m) => m.id === mid)).filter((m): m is TModule => m !== undefined));
    setBusy(true);
    try {
      const answer = await orderModules(course.id, ids);
      setModules(answer.modules);
      await queryClient.invalidateQueries({ queryKey: courseKeys.all });
    } catch (err) {
      setModules(previous);
      showApiError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack>
      <CourseNav courseId={course.id} title={course.title} />
      <ModuleTable
        modules={modules}
        busy={busy}
        onOrder={(ids) => void reorder(ids)}
        onPreview={(m) => void navigate(`/content/courses/${course.id}/modules/${m.id}/preview`)}
        onEdit={setEditing}
        onDelete={setDeleting}
        empty={<EmptyState title={t('modules.empty')} text={t('ui:empty.modules.text')} />}
      />
      <Fieldset legend={t('modules.add')}>
        <ModuleForm key={items.formKey} courseId={course.id} onDone={() => void items.added(t('modules.uploaded'))} />
      </Fieldset>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={t('modules.editTitle')} size="xl">
        {editing && (
          <ModuleForm courseId={course.id} module={editing} onDone={() => void items.saved(t('modules.saved'))} />
        )}
      </Modal>
      <ConfirmDeleteModal
        opened={deleting !== null}
        title={t('modules.deleteTitle')}
        text={t('modules.deleteText', { title: deleting?.title ?? '' })}
        confirmLabel={t('modules.delete')}
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void items.remove(deleting)}
      />
    </Stack>
  );
}
