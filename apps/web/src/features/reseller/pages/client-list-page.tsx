import { CLIENT_SORTS, type TClientSort } from '@lms/contracts/client-admin';
import { can } from '@lms/contracts/permissions';
import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PagedTable } from '../../../components/paged-table';
import { SearchField, useListSearch } from '../../../components/search-field';
import { SortSelects, useSortChoice } from '../../../components/sort-selects';
import { usePaging } from '../../../components/table-paging';
import { useAuth } from '../../../lib/auth-store';
import { usePageTitle } from '../../../lib/use-page-title';
import { useClients } from '../api/clients';
import { CreateClientDrawer } from '../components/create-client-drawer';
import { PlatformState } from '../components/platform-state';

/** /reseller/clients: the clients in the user's scope with their figures, paged, sorted and searched on the server. */
export function ClientListPage() {
  const { t } = useTranslation('clients');
  usePageTitle(t('list.title'));
  const { user } = useAuth();
  const paging = usePaging();
  const sorting = useSortChoice<TClientSort>('name');
  const search = useListSearch(paging);
  const [creating, setCreating] = useState(false);
  const list = useClients({
    page: paging.page,
    pageSize: paging.pageSize,
    sort: sorting.sort,
    order: sorting.order,
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
      <Group align="flex-end">
        <SearchField label={t('list.search')} search={search} />
        <SortSelects choice={sorting} sorts={CLIENT_SORTS} sortLabel={(s) => t(`list.sorts.${s}`)} />
      </Group>
      <PagedTable
        list={list}
        paging={paging}
        minWidth={860}
        headers={[
          t('fields.name'),
          t('fields.platformDomain'),
          t('list.state'),
          t('list.activeUsers'),
          t('list.inactiveUsers'),
          t('list.deletedUsers'),
        ]}
        emptyText={t('list.empty')}
        totalLabel={(count) => t('list.total', { count })}
        renderRow={(client) => (
          <>
            <Table.Td>
              <Anchor component={Link} to={`/reseller/clients/${client.id}`}>
                {client.name}
              </Anchor>
              {(client.isReseller || client.resellerName) && (
                <Text size="sm">
                  {client.isReseller ? t('list.reseller') : t('list.resoldBy', { name: client.resellerName })}
                </Text>
              )}
            </Table.Td>
            <Table.Td>{client.platformDomain}</Table.Td>
            <Table.Td>
              <PlatformState client={client} />
            </Table.Td>
            <Table.Td>{client.figures.activeUsers}</Table.Td>
            <Table.Td>{client.figures.inactiveUsers}</Table.Td>
            <Table.Td>{client.figures.deletedUsers}</Table.Td>
          </>
        )}
      />
      <CreateClientDrawer opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
