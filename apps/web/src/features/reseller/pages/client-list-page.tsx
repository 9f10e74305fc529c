import { CLIENT_SORTS, type TClientSort } from '@lms/contracts/client-admin';
import { can } from '@lms/contracts/permissions';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { CellText } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { PagedTable } from '../../../components/paged-table';
import { useListSearch } from '../../../components/search-field';
import { SearchAndSort, useSortChoice } from '../../../components/sort-selects';
import { pageQuery, usePaging } from '../../../components/table-paging';
import { useAuth } from '../../../lib/auth-store';
import { usePageTitle } from '../../../lib/use-page-title';
import { useClients } from '../api/clients';
import { CreateClientDrawer } from '../components/create-client-drawer';
import { PlatformState } from '../components/platform-state';

/** /reseller/clients: the clients in the user's scope with their figures, paged, sorted and searched on the server. */
export function ClientListPage() {
  const { t } = useTranslation(['clients', 'ui']);
  usePageTitle(t('list.title'));
  const { user } = useAuth();
  const paging = usePaging();
  const sorting = useSortChoice<TClientSort>('name');
  const search = useListSearch(paging);
  const [creating, setCreating] = useState(false);
  const list = useClients({
    ...pageQuery(paging, sorting),
    search: search.debounced,
  });
  const mayCreate = !!user && can(user.role, 'clients.create');

  return (
    <Stack>
      <PageHeader
        title={t('list.title')}
        intro={t('list.intro')}
        action={mayCreate && <Button onClick={() => setCreating(true)}>{t('list.create')}</Button>}
      />
      <SearchAndSort
        search={search}
        searchLabel={t('list.search')}
        choice={sorting}
        sorts={CLIENT_SORTS}
        sortLabel={(s) => t(`list.sorts.${s}`)}
      />
      <PagedTable
        list={list}
        paging={paging}
        label={t('list.title')}
        columns={[
          {
            id: 'name',
            header: t('fields.name'),
            cell: (client) => (
              <>
                <Anchor component={Link} to={`/reseller/clients/${client.id}`} size="sm" fw={500}>
                  <CellText text={client.name} max={260} />
                </Anchor>
                {(client.isReseller || client.resellerName) && (
                  <Text size="xs" c="dimmed">
                    {client.isReseller ? t('list.reseller') : t('list.resoldBy', { name: client.resellerName })}
                  </Text>
                )}
              </>
            ),
          },
          {
            id: 'domain',
            header: t('fields.platformDomain'),
            priority: 2,
            cell: (client) => <CellText text={client.platformDomain} max={220} />,
          },
          { id: 'state', header: t('list.state'), cell: (client) => <PlatformState client={client} /> },
          { id: 'active', header: t('list.activeUsers'), nowrap: true, cell: (client) => client.figures.activeUsers },
          {
            id: 'inactive',
            header: t('list.inactiveUsers'),
            nowrap: true,
            priority: 3,
            cell: (client) => client.figures.inactiveUsers,
          },
          {
            id: 'deleted',
            header: t('list.deletedUsers'),
            nowrap: true,
            priority: 3,
            cell: (client) => client.figures.deletedUsers,
          },
        ]}
        empty={
          search.debounced ? (
            <EmptyState title={t('ui:empty.noMatch')} />
          ) : (
            <EmptyState
              title={t('ui:empty.clients.title')}
              text={t('ui:empty.clients.text')}
              action={mayCreate && <Button onClick={() => setCreating(true)}>{t('ui:empty.clients.action')}</Button>}
            />
          )
        }
        totalLabel={(count) => t('list.total', { count })}
      />
      <CreateClientDrawer opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
