import { COURSE_SORTS, type TCourseSort } from '@lms/contracts/courses';
import { Anchor, Badge, Button, Group, NativeSelect, Stack, Table, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PagedTable } from '../../../components/paged-table';
import { usePaging } from '../../../components/table-paging';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCourses } from '../api/courses';
import { formatDate } from '../../../lib/format';

/** /content/courses: the client's courses, paged, sorted and searched on the server (DECISIONS "table paging"). */
export function CourseListPage() {
  const { t, i18n } = useTranslation('courses');
  usePageTitle(t('list.title'));
  const paging = usePaging();
  const { page, pageSize, setPage } = paging;
  const [sort, setSort] = useState<TCourseSort>('title');
  const [order, setOrder] = useState<'asc' | 'desc'>('asc');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const list = useCourses({ page, pageSize, sort, order, search: debouncedSearch });

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
        <TextInput
          label={t('list.search')}
          type="search"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
        />
        <NativeSelect
          label={t('list.sort')}
          value={sort}
          onChange={(e) => setSort(e.currentTarget.value as TCourseSort)}
          data={COURSE_SORTS.map((s) => ({ value: s, label: t(`list.sorts.${s}`) }))}
        />
        <NativeSelect
          label={t('list.order')}
          value={order}
          onChange={(e) => setOrder(e.currentTarget.value as 'asc' | 'desc')}
          data={[
            { value: 'asc', label: t('list.ascending') },
            { value: 'desc', label: t('list.descending') },
          ]}
        />
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
