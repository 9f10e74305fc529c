import type { GROUP_SORTS } from '@lms/contracts/groups';
import { Anchor, Badge, Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { CellText, useSorting } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { PagedTable } from '../../../components/paged-table';
import { SearchField, useListSearch } from '../../../components/search-field';
import { pageQuery, usePaging } from '../../../components/table-paging';
import { formatDay } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { useGroups } from '../api/groups';
import { GroupDrawer, type GroupDrawerState } from '../components/group-drawer';

type GroupSort = (typeof GROUP_SORTS)[number];

/** /coordination/groups: the groups the user may see (a coordinator: those they coordinate). */
export function GroupsPage() {
  const { t, i18n } = useTranslation(['users', 'ui']);
  usePageTitle(t('groups.title'));
  const paging = usePaging();
  const sorting = useSorting<GroupSort>('name', paging);
  const search = useListSearch(paging);
  const [drawer, setDrawer] = useState<GroupDrawerState>(null);
  const list = useGroups({
    ...pageQuery(paging, sorting),
    search: search.debounced || undefined,
  });

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
        label={t('groups.title')}
        sorting={sorting}
        columns={[
          {
            id: 'name',
            header: t('groups.name'),
            sortKey: 'name',
            cell: (g) => (
              <Group gap={6} wrap="nowrap">
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  fw={500}
                  ta="left"
                  onClick={() => setDrawer({ mode: 'edit', id: g.id })}
                >
                  {g.name}
                </Anchor>
                {g.externallyManaged && (
                  <Badge size="xs" variant="outline" color="gray" c="dark.6">
                    {t('list.external')}
                  </Badge>
                )}
              </Group>
            ),
          },
          {
            id: 'members',
            header: t('groups.memberCount'),
            sortKey: 'memberCount',
            nowrap: true,
            cell: (g) => g.memberCount,
          },
          {
            id: 'coordinators',
            header: t('groups.coordinators'),
            priority: 2,
            cell: (g) => <CellText text={g.coordinators.map((c) => c.name).join(', ')} />,
          },
          {
            id: 'courses',
            header: t('groups.courses'),
            priority: 2,
            cell: (g) => <CellText text={g.courses.map((c) => c.title).join(', ')} max={280} />,
          },
          {
            id: 'createdAt',
            header: t('groups.createdAt'),
            sortKey: 'createdAt',
            nowrap: true,
            priority: 3,
            cell: (g) => formatDay(g.createdAt, i18n.language),
          },
        ]}
        empty={
          search.debounced ? (
            <EmptyState title={t('ui:empty.noMatch')} />
          ) : (
            <EmptyState
              title={t('ui:empty.groups.title')}
              text={t('ui:empty.groups.text')}
              action={<Button onClick={() => setDrawer({ mode: 'create' })}>{t('ui:empty.groups.action')}</Button>}
            />
          )
        }
        totalLabel={(count) => t('paging.groups', { count })}
      />
      <GroupDrawer state={drawer} onClose={() => setDrawer(null)} />
    </Stack>
  );
}
