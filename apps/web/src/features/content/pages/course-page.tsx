import type { TLocale } from '@lms/contracts/constants';
import type { TCourse } from '@lms/contracts/courses';
import { Alert, Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { PageLoader } from '../../../components/page-loader';
import { isApiError } from '../../../lib/api-client';
import { showApiError, useErrorText } from '../../../lib/error-text';
import { isLocale } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { courseKeys, deleteCourse, saveCourse, useCourse } from '../api/courses';
import { bodyOf, CourseForm, draftOf } from '../components/course-form';
import {
  useCertificateTemplateChoices,
  useTemplateChoices,
  withKnownTemplates,
} from '../components/course-template-select';
import { CourseNav } from '../components/course-nav';
import { CourseCoverField } from '../components/course-cover-field';
import { notifySuccess } from '../../../lib/notify';

/** /content/courses/{id} (and /content/courses/new): texts per locale and the course settings. */
export function CoursePage() {
  const { t } = useTranslation('courses');
  const { id = '' } = useParams();
  const isNew = id === 'new';
  const course = useCourse(isNew ? '' : id);
  usePageTitle(isNew ? t('form.newTitle') : (course.data?.title ?? t('list.title')));
  if (isNew) return <CourseEditor course={undefined} />;
  if (course.isPending) return <PageLoader />;
  if (course.isError)
    return (
      <Alert color="red" role="alert">
        {t('form.loadFailed')}
      </Alert>
    );
  return <CourseEditor key={course.data.id} course={course.data} />;
}

function CourseEditor({ course }: { course: TCourse | undefined }) {
  const { t, i18n } = useTranslation('courses');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(() => draftOf(course));
  const [locale, setLocale] = useState<TLocale>(isLocale(i18n.language) ? i18n.language : 'de-DE');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const templates = {
    invitationMailTemplateId: useTemplateChoices('invitationMailTemplateId'),
    reminderMailTemplateId: useTemplateChoices('reminderMailTemplateId'),
    certificateTemplateId: useCertificateTemplateChoices(),
  };

  const explain = (err: unknown) => {
    const fields = isApiError(err) ? (err.details?.fields as Array<{ field: string }> | undefined) : undefined;
    // A refused template reference names its field; show the field's label.
    const field = isApiError(err) ? err.details?.field : undefined;
    const names =
      fields?.map((f) => f.field.replace(/^body\./, '')).join(', ') ??
      (typeof field === 'string' && i18n.exists(`courses:fields.${field}`) ? t(`fields.${field}`) : undefined);
    return names ? `${errorText(err)} (${names})` : errorText(err);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = withKnownTemplates(bodyOf(draft), templates);
    if (Object.keys(body.i18n).length === 0) {
      setError(t('form.titleRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const saved = await saveCourse(course?.id ?? null, body);
      queryClient.setQueryData(courseKeys.one(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: courseKeys.all });
      notifySuccess(t('form.saved'));
      if (!course) void navigate(`/content/courses/${saved.id}`, { replace: true });
    } catch (err) {
      setError(explain(err));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!course) return;
    setBusy(true);
    try {
      await deleteCourse(course.id);
      await queryClient.invalidateQueries({ queryKey: courseKeys.all });
      notifySuccess(t('form.deleted'));
      void navigate('/content/courses', { replace: true });
    } catch (err) {
      showApiError(err);
      setConfirmDelete(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack>
        {course ? (
          <CourseNav courseId={course.id} title={course.title} />
        ) : (
          <div>
            <Anchor component={Link} to="/content/courses" size="sm">
              {t('nav.back')}
            </Anchor>
            <Title order={1} mt={4}>
              {t('form.newTitle')}
            </Title>
          </div>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        {course && <CourseCoverField course={course} />}
        <CourseForm
          draft={draft}
          onChange={setDraft}
          modules={course?.modules ?? []}
          activeLocale={locale}
          onLocale={setLocale}
          templates={templates}
        />
        <Group justify="space-between">
          <Button type="submit" loading={busy}>
            {t(course ? 'form.save' : 'form.create')}
          </Button>
          {course && (
            <Button color="red" variant="light" onClick={() => setConfirmDelete(true)}>
              {t('form.delete')}
            </Button>
          )}
        </Group>
        <ConfirmDeleteModal
          opened={confirmDelete}
          title={t('form.deleteTitle')}
          text={t('form.deleteText', { title: course?.title ?? '' })}
          confirmLabel={t('form.delete')}
          busy={busy}
          onCancel={() => setConfirmDelete(false)}
          onConfirm={() => void remove()}
        />
      </Stack>
    </form>
  );
}
