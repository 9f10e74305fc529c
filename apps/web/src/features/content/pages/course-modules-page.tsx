import type { TCourse } from '@lms/contracts/courses';
import type { TModule } from '@lms/contracts/modules';
import { Alert, Button, Fieldset, Group, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { showApiError } from '../../../lib/error-text';
import { usePageTitle } from '../../../lib/use-page-title';
import { courseKeys, deleteModule, orderModules, useCourse } from '../api/courses';
import { CourseNav } from '../components/course-nav';
import { notifySuccess } from '../../../lib/notify';
import { ModuleForm } from '../components/module-form';
import { ModuleTable } from '../components/module-table';

/** /content/courses/{id}/modules: upload, order (drag and drop), edit, preview and delete the course's modules. */
export function CourseModulesPage() {
  const { t } = useTranslation('courses');
  const { id = '' } = useParams();
  const course = useCourse(id);
  usePageTitle(course.data ? `${t('nav.modules')} – ${course.data.title}` : t('nav.modules'));
  if (course.isPending) return <PageLoader />;
  if (course.isError)
    return (
      <Alert color="red" role="alert">
        {t('form.loadFailed')}
      </Alert>
    );
  return <ModulesEditor course={course.data} />;
}

function ModulesEditor({ course }: { course: TCourse }) {
  const { t } = useTranslation('courses');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<TModule | null>(null);
  const [deleting, setDeleting] = useState<TModule | null>(null);
  const [busy, setBusy] = useState(false);
  const [modules, setModules] = useState(course.modules);
  // The server's list wins whenever the course is fetched again.
  const [seen, setSeen] = useState(course);
  if (seen !== course) {
    setSeen(course);
    setModules(course.modules);
  }

  const refresh = () => queryClient.invalidateQueries({ queryKey: courseKeys.all });

  const reorder = async (ids: string[]) => {
    const previous = modules;
    setModules(ids.map((mid) => modules.find((m) => m.id === mid)).filter((m): m is TModule => m !== undefined));
    setBusy(true);
    try {
      const answer = await orderModules(course.id, ids);
      setModules(answer.modules);
      await refresh();
    } catch (err) {
      setModules(previous);
      showApiError(err);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (module: TModule) => {
    setBusy(true);
    try {
      await deleteModule(course.id, module.id);
      notifySuccess(t('modules.deleted'));
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
      {modules.length === 0 ? (
        <Text>{t('modules.empty')}</Text>
      ) : (
        <ModuleTable
          modules={modules}
          busy={busy}
          onOrder={(ids) => void reorder(ids)}
          onPreview={(m) => void navigate(`/content/courses/${course.id}/modules/${m.id}/preview`)}
          onEdit={setEditing}
          onDelete={setDeleting}
        />
      )}
      <Fieldset legend={t('modules.add')}>
        <ModuleForm courseId={course.id} onDone={() => void saved(t('modules.uploaded'))} />
      </Fieldset>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={t('modules.editTitle')} size="xl">
        {editing && <ModuleForm courseId={course.id} module={editing} onDone={() => void saved(t('modules.saved'))} />}
      </Modal>
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t('modules.deleteTitle')}>
        <Text>{t('modules.deleteText', { title: deleting?.title ?? '' })}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setDeleting(null)}>
            {t('common:cancel')}
          </Button>
          <Button color="red" loading={busy} onClick={() => deleting && void remove(deleting)}>
            {t('modules.delete')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
