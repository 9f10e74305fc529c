import { COURSE_SORTS, type TCourseSort } from '@lms/contracts/courses';
import { Anchor, Badge, Box, Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { CellText } from '../../../components/data-table';
import { CourseCover } from '../../../components/course-cover';
import { EmptyState } from '../../../components/empty-state';
import { PagedTable } from '../../../components/paged-table';
import { useListSearch } from '../../../components/search-field';
import { SearchAndSort, useSortChoice } from '../../../components/sort-selects';
import { pageQuery, usePaging } from '../../../components/table-paging';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCourses } from '../api/courses';
import { formatDate } from '../../../lib/format';

/** /content/courses: the client's courses, paged, sorted and searched on the server (DECISIONS "table paging"). */
export function CourseListPage() {
  const { t, i18n } = useTranslation(['courses', 'ui']);
  usePageTitle(t('list.title'));
  const paging = usePaging();
  const sorting = useSortChoice<TCourseSort>('title');
  const search = useListSearch(paging);
  const list = useCourses({
    ...pageQuery(paging, sorting),
    search: search.debounced,
  });

  return (
    <Stack>
      <PageHeader
        title={t('list.title')}
        intro={t('list.intro')}
        action={
          <Button component={Link} to="/content/courses/new">
            {t('list.create')}
          </Button>
        }
      />
      <SearchAndSort
        search={search}
        searchLabel={t('list.search')}
        choice={sorting}
        sorts={COURSE_SORTS}
        sortLabel={(s) => t(`list.sorts.${s}`)}
      />
      <PagedTable
        list={list}
        paging={paging}
        label={t('list.title')}
        columns={[
          {
            id: 'title',
            header: t('fields.title'),
            cell: (course) => (
              <Group gap="sm" wrap="nowrap">
                <Box w={72} style={{ flexShrink: 0 }}>
                  <CourseCover courseId={course.id} coverUrl={course.coverUrl} width={72} radius="4px" />
                </Box>
                <Anchor component={Link} to={`/content/courses/${course.id}`} size="sm" fw={500}>
                  <CellText text={course.title || t('list.untitled')} max={300} />
                </Anchor>
              </Group>
            ),
          },
          {
            id: 'languages',
            header: t('list.languages'),
            priority: 2,
            cell: (course) => <CellText text={course.locales.map((l) => t(`locales.${l}`)).join(', ')} max={200} />,
          },
          {
            id: 'startDate',
            header: t('fields.startDate'),
            nowrap: true,
            priority: 3,
            cell: (course) => formatDate(course.startDate, i18n.language),
          },
          {
            id: 'deadline',
            header: t('fields.deadline'),
            nowrap: true,
            priority: 2,
            cell: (course) => formatDate(course.deadline, i18n.language),
          },
          {
            id: 'modules',
            header: t('list.modules'),
            nowrap: true,
            cell: (course) => (
              <Anchor component={Link} to={`/content/courses/${course.id}/modules`} size="sm">
                {t('list.moduleCount', { count: course.moduleCount })}
              </Anchor>
            ),
          },
          {
            id: 'status',
            header: t('list.status'),
            nowrap: true,
            cell: (course) => (
              <Group gap={4} wrap="nowrap">
                <Badge color={course.active ? 'green' : 'gray'} variant="default">
                  {t(course.active ? 'list.active' : 'list.inactive')}
                </Badge>
                {course.premium && (
                  <Badge color="grape" variant="default">
                    {t('fields.premium')}
                  </Badge>
                )}
              </Group>
            ),
          },
        ]}
        empty={
          search.debounced ? (
            <EmptyState title={t('ui:empty.noMatch')} />
          ) : (
            <EmptyState
              title={t('ui:empty.courses.title')}
              text={t('ui:empty.courses.text')}
              action={
                <Button component={Link} to="/content/courses/new">
                  {t('ui:empty.courses.action')}
                </Button>
              }
            />
          )
        }
        totalLabel={(count) => t('list.total', { count })}
      />
    </Stack>
  );
}
