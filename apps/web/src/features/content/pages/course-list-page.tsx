import { COURSE_SORTS, type TCourseSort } from '@lms/contracts/courses';
import { Anchor, Badge, Button, Group, Stack, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PagedTable } from '../../../components/paged-table';
import { SearchField, useListSearch } from '../../../components/search-field';
import { SortSelects, useSortChoice } from '../../../components/sort-selects';
import { usePaging } from '../../../components/table-paging';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCourses } from '../api/courses';
import { formatDate } from '../../../lib/format';

/** /content/courses: the client's courses, paged, sorted and searched on the server (DECISIONS "table paging"). */
export function CourseListPage() {
  const { t, i18n } = useTranslation('courses');
  usePageTitle(t('list.title'));
  const paging = usePaging();
  const sorting = useSortChoice<TCourseSort>('title');
  const search = useListSearch(paging);
  const list = useCourses({
    page: paging.page,
    pageSize: paging.pageSize,
    sort: sorting.sort,
    order: sorting.order,
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
      <Group align="flex-end">
        <SearchField label={t('list.search')} search={search} />
        <SortSelects choice={sorting} sorts={COURSE_SORTS} sortLabel={(s) => t(`list.sorts.${s}`)} />
      </Group>
      <PagedTable
        list={list}
        paging={paging}
        minWidth={760}
        headers={[
          t('fields.title'),
          t('list.languages'),
          t('fields.startDate'),
          t('fields.deadline'),
          t('list.modules'),
          t('list.status'),
        ]}
        emptyText={t('list.empty')}
        totalLabel={(count) => t('list.total', { count })}
        renderRow={(course) => (
          <>
            <Table.Td>
              <Anchor component={Link} to={`/content/courses/${course.id}`}>
                {course.title || t('list.untitled')}
              </Anchor>
            </Table.Td>
            <Table.Td>{course.locales.map((l) => t(`locales.${l}`)).join(', ')}</Table.Td>
            <Table.Td>{formatDate(course.startDate, i18n.language)}</Table.Td>
            <Table.Td>{formatDate(course.deadline, i18n.language)}</Table.Td>
            <Table.Td>
              <Anchor component={Link} to={`/content/courses/${course.id}/modules`}>
                {t('list.moduleCount', { count: course.moduleCount })}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <Group gap={4}>
                <Badge color={course.active ? 'green' : 'gray'} variant="default">
                  {t(course.active ? 'list.active' : 'list.inactive')}
                </Badge>
                {course.premium && (
                  <Badge color="grape" variant="default">
                    {t('fields.premium')}
                  </Badge>
                )}
              </Group>
            </Table.Td>
          </>
        )}
      />
    </Stack>
  );
}
