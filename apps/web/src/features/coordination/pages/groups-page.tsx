import type { GROUP_SORTS } from '@lms/contracts/groups';
import { Anchor, Badge, Button, Group, Stack, Table } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { PagedTable } from '../../../components/paged-table';
import { SearchField, useListSearch } from '../../../components/search-field';
import { usePaging } from '../../../components/table-paging';
import { formatDay } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { useGroups } from '../api/groups';
import { GroupDrawer, type GroupDrawerState } from '../components/group-drawer';
import { SortHeader, useSorting } from '../components/sort-header';

type GroupSort = (typeof GROUP_SORTS)[number];

/** /coordination/groups: the groups the user may see (a coordinator: those they coordinate). */
export function GroupsPage() {
  const { t, i18n } = useTranslation('users');
  usePageTitle(t('groups.title'));
  const paging = usePaging();
  const sorting = useSorting<GroupSort>('name', paging);
  const search = useListSearch(paging);
  const [drawer, setDrawer] = useState<GroupDrawerState>(null);
  const list = useGroups({
    page: paging.page,
    pageSize: paging.pageSize,
    sort: sorting.sort,
    order: sorting.order,
    search: search.debounced || undefined,
  });
  const header = (column: GroupSort, label: string) => (
    <SortHeader column={column} sorting={sorting}>
      {label}
    </SortHeader>
  );

  return (
    <Stack>
      <PageHeader
        title={t('groups.title')}
        intro={t('groups.intro')}
        action={<Button onClick={() => setDrawer({ mode: 'create' })}>{t('groups.create')}</Button>}
      />
      <SearchField label={t('groups.search')} maw={360} search={search} />
      <PagedTable
        list={list}
        paging={paging}
        minWidth={720}
        headers={[
          header('name', t('groups.name')),
          header('memberCount', t('groups.memberCount')),
          t('groups.coordinators'),
          t('groups.courses'),
          header('createdAt', t('groups.createdAt')),
        ]}
        emptyText={t('groups.empty')}
        totalLabel={(count) => t('paging.groups', { count })}
        renderRow={(g) => (
          <>
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
            <Table.Td>{formatDay(g.createdAt, i18n.language)}</Table.Td>
          </>
        )}
      />
      <GroupDrawer state={drawer} onClose={() => setDrawer(null)} />
    </Stack>
  );
}
