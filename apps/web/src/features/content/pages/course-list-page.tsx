import { COURSE_SORTS, type TCourseSort } from '@lms/contracts/courses';
import { Alert, Anchor, Badge, Button, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TablePaging, usePaging } from '../../../components/table-paging';
import { useErrorText } from '../../../lib/error-text';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCourses } from '../api/courses';
import { formatDate } from '../components/format-date';

/** /content/courses: the client's courses, paged, sorted and searched on the server (DECISIONS "table paging"). */
export function CourseListPage() {
  const { t, i18n } = useTranslation('courses');
  const errorText = useErrorText();
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
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{t('list.title')}</Title>
          <Text c="dimmed">{t('list.intro')}</Text>
        </div>
        <Button component={Link} to="/content/courses/new">
          {t('list.create')}
        </Button>
      </Group>
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
      {list.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorText(list.error)}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={760}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('fields.title')}</Table.Th>
              <Table.Th>{t('list.languages')}</Table.Th>
              <Table.Th>{t('fields.startDate')}</Table.Th>
              <Table.Th>{t('fields.deadline')}</Table.Th>
              <Table.Th>{t('list.modules')}</Table.Th>
              <Table.Th>{t('list.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data?.items.map((course) => (
              <Table.Tr key={course.id}>
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
              </Table.Tr>
            ))}
            {list.data?.items.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={6}>{t('list.empty')}</Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {list.data && (
        <TablePaging paging={paging} total={list.data.total} totalLabel={t('list.total', { count: list.data.total })} />
      )}
    </Stack>
  );
}
