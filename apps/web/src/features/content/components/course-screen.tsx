import type { TCourse } from '@lms/contracts/courses';
import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCourse } from '../api/courses';

interface Props {
  /** The screen's name, shown before the course's title in the page title. */
  name: string;
  children: (course: TCourse) => ReactNode;
}

/** One of a course's screens after its settings (modules, files): the course of the route, loaded first. */
export function CourseScreen({ name, children }: Props) {
  const { t } = useTranslation('courses');
  const { id = '' } = useParams();
  const course = useCourse(id);
  usePageTitle(course.data ? `${name} – ${course.data.title}` : name);
  if (course.isPending) return <PageLoader />;
  if (course.isError)
    return (
      <Alert color="red" role="alert">
        {t('form.loadFailed')}
      </Alert>
    );
  return children(course.data);
}
