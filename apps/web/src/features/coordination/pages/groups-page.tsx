import { DEFAULT_PAGE_SIZE } from '@lms/contracts/constants';
import type { GROUP_SORTS } from '@lms/contracts/groups';
import { Alert, Anchor, Badge, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import { usePageTitle } from '../../../lib/use-page-title';
import { useGroups } from '../api/groups';
import { GroupDrawer, type GroupDrawerState } from '../components/group-drawer';
import { ListPaging } from '../components/list-paging';
import { SortHeader } from '../components/sort-header';

type GroupSort = (typeof GROUP_SORTS)[number];

/** /coordination/groups: the groups the user may see (a coordinator: those they coordinate). */
export function GroupsPage() {
  const { t, i18n } = useTranslation('users');
  const errorText = useErrorText();
  usePageTitle(t('groups.title'));
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState<GroupSort>('name');
  const [order, setOrder] = useState<'asc' | 'desc'>('asc');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [drawer, setDrawer] = useState<GroupDrawerState>(null);
  const list = useGroups({ page, pageSize, sort, order, search: debounced || undefined });
  const header = (column: GroupSort, label: string) => (
    <SortHeader
      column={column}
      sort={sort}
      order={order}
      onSort={(s, o) => {
        setSort(s);
        setOrder(o);
        setPage(1);
      }}
    >
      {label}
    </SortHeader>
  );

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{t('groups.title')}</Title>
          <Text c="dimmed">{t('groups.intro')}</Text>
        </div>
        <Button onClick={() => setDrawer({ mode: 'create' })}>{t('groups.create')}</Button>
      </Group>
      <TextInput
        label={t('groups.search')}
        type="search"
        maw={360}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
      />
      {list.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorText(list.error)}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={720}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              {header('name', t('groups.name'))}
              {header('memberCount', t('groups.memberCount'))}
              <Table.Th>{t('groups.coordinators')}</Table.Th>
              <Table.Th>{t('groups.courses')}</Table.Th>
              {header('createdAt', t('groups.createdAt'))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data?.items.map((g) => (
              <Table.Tr key={g.id}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Anchor component="button" type="button" onClick={() => setDrawer({ mode: 'edit', id: g.id })}>
                      {g.name}
                    </Anchor>
                    {g.externallyManaged && (
                      <Badge size="xs" variant="outline" color="gray" c="dark.6">
                        {t('list.external')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{g.memberCount}</Table.Td>
                <Table.Td>{g.coordinators.map((c) => c.name).join(', ')}</Table.Td>
                <Table.Td>{g.courses.map((c) => c.title).join(', ')}</Table.Td>
                <Table.Td>{new Date(g.createdAt).toLocaleDateString(i18n.language)}</Table.Td>
              </Table.Tr>
            ))}
            {list.data?.items.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={5}>{t('groups.empty')}</Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {list.data && (
        <ListPaging
          page={page}
          pageSize={pageSize}
          total={list.data.total}
          onPage={setPage}
          onPageSize={setPageSize}
          totalKey="paging.groups"
        />
      )}
      <GroupDrawer state={drawer} onClose={() => setDrawer(null)} />
    </Stack>
  );
}
