import { can } from '@lms/contracts/permissions';
import type { TUserSelection, TUserSort } from '@lms/contracts/users';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSorting } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { ExportMenu } from '../../../components/export-menu';
import { pageQuery, TablePaging, usePaging } from '../../../components/table-paging';
import { useAuth } from '../../../lib/auth-store';
import { showApiError } from '../../../lib/error-text';
import { usePageTitle } from '../../../lib/use-page-title';
import { exportSearch, useUsers } from '../api/users';
import { BulkBar } from '../components/bulk-bar';
import { ImportModal } from '../components/import-modal';
import { UserDrawer, type DrawerState } from '../components/user-drawer';
import { NO_USER_FILTERS, UserFilters, useUserFilter, type UserFilterFields } from '../components/user-filters';
import { UserTable } from '../components/user-table';

/** /coordination/users: the user list with search, sort, paging, selection, bulk actions, import and export. */
export function UsersPage() {
  const { t } = useTranslation(['users', 'ui']);
  usePageTitle(t('list.title'));
  const { user: me } = useAuth();
  const paging = usePaging();
  const sorting = useSorting<TUserSort>('name', paging);
  const [fields, setFields] = useState<UserFilterFields>(NO_USER_FILTERS);
  const filter = useUserFilter(fields);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [allResults, setAllResults] = useState(false);
  const [drawer, setDrawer] = useState<DrawerState>(null);
  const [importing, setImporting] = useState(false);

  const list = useUsers({
    ...pageQuery(paging, sorting),
    ...filter,
  });
  const total = list.data?.total ?? 0;
  const clearSelection = () => {
    setSelected(new Set());
    setAllResults(false);
  };
  const changeFilter = (change: Partial<UserFilterFields>) => {
    setFields({ ...fields, ...change });
    paging.setPage(1);
    clearSelection();
  };
  const selection: TUserSelection | null = allResults
    ? { all: true, filter }
    : selected.size > 0
      ? { ids: [...selected] }
      : null;
  const count = allResults ? total : selected.size;
  // Issue 15: the list counts up to 10,000; beyond that the texts say "more than 10,000" instead of a wrong number.
  const capped = Boolean((list.data as { totalCapped?: boolean } | undefined)?.totalCapped);
  const openUser = useCallback((id: string) => setDrawer({ mode: 'edit', id }), []);
  const items = list.data?.items ?? [];

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{t('list.title')}</Title>
          <Text c="dimmed">{t('list.intro')}</Text>
        </div>
        <Group>
          <ExportMenu
            label={t('list.export')}
            onExport={(format) => exportSearch(filter, format).catch(showApiError)}
          />
          {me && can(me.role, 'users.create') && (
            <>
              <Button variant="default" onClick={() => setImporting(true)}>
                {t('list.import')}
              </Button>
              <Button onClick={() => setDrawer({ mode: 'create' })}>{t('list.create')}</Button>
            </>
          )}
        </Group>
      </Group>
      <UserFilters fields={fields} onChange={changeFilter} />
      <Paper withBorder p="sm" radius="md">
        <Stack gap="xs">
          <Group gap="sm" aria-live="polite">
            <Text size="sm">
              {allResults && capped ? t('list.selectedCapped', { limit: total }) : t('list.selected', { count })}
            </Text>
            {!allResults && selected.size > 0 && selected.size >= items.length && total > items.length && (
              <Anchor component="button" type="button" size="sm" onClick={() => setAllResults(true)}>
                {capped
                  ? t('list.selectAllResultsCapped', { limit: total })
                  : t('list.selectAllResults', { count: total })}
              </Anchor>
            )}
            {count > 0 && (
              <Anchor component="button" type="button" size="sm" onClick={clearSelection}>
                {t('list.clearSelection')}
              </Anchor>
            )}
          </Group>
          <BulkBar selection={selection} count={count} countCapped={allResults && capped} onDone={clearSelection} />
        </Stack>
      </Paper>
      <UserTable
        users={list.data?.items}
        error={list.error}
        fetching={list.isFetching}
        sorting={sorting}
        selected={selected}
        allResults={allResults}
        onSelect={setSelected}
        onOpen={openUser}
        empty={
          filter.search || Object.values(fields).some(Boolean) ? (
            <EmptyState title={t('ui:empty.users.noMatchTitle')} text={t('ui:empty.users.noMatchText')} />
          ) : (
            <EmptyState
              title={t('ui:empty.users.title')}
              text={t('ui:empty.users.text')}
              action={
                me &&
                can(me.role, 'users.create') && (
                  <Button leftSection={<IconUpload size={16} aria-hidden />} onClick={() => setImporting(true)}>
                    {t('ui:empty.users.action')}
                  </Button>
                )
              }
            />
          )
        }
      />
      {list.data && (
        <TablePaging
          paging={paging}
          total={total}
          totalCapped={list.data.totalCapped}
          totalLabel={t('paging.users', { count: total })}
        />
      )}
      <UserDrawer state={drawer} onClose={() => setDrawer(null)} />
      <ImportModal opened={importing} onClose={() => setImporting(false)} />
    </Stack>
  );
}
