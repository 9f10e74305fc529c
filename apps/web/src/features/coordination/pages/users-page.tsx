import { DEFAULT_PAGE_SIZE } from '@lms/contracts/constants';
import { can } from '@lms/contracts/permissions';
import { ROLES, type TRole } from '@lms/contracts/roles';
import type { TUserFilter, TUserSelection, TUserSort } from '@lms/contracts/users';
import { Alert, Anchor, Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../lib/auth-store';
import { showApiError, useErrorText } from '../../../lib/error-text';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAllGroups } from '../api/groups';
import { exportSearch, useUsers } from '../api/users';
import { BulkBar } from '../components/bulk-bar';
import { ImportModal } from '../components/import-modal';
import { ListPaging } from '../components/list-paging';
import { UserDrawer, type DrawerState } from '../components/user-drawer';
import { UserTable } from '../components/user-table';

/** /coordination/users: the user list with search, sort, paging, selection, bulk actions, import and export. */
export function UsersPage() {
  const { t } = useTranslation('users');
  const errorText = useErrorText();
  usePageTitle(t('list.title'));
  const { user: me } = useAuth();
  const groups = useAllGroups();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState<TUserSort>('name');
  const [order, setOrder] = useState<'asc' | 'desc'>('asc');
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<TRole | ''>('');
  const [status, setStatus] = useState<'active' | 'inactive' | ''>('');
  const [groupId, setGroupId] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [allResults, setAllResults] = useState(false);
  const [drawer, setDrawer] = useState<DrawerState>(null);
  const [importing, setImporting] = useState(false);

  const filter: TUserFilter = useMemo(
    () => ({
      search: debounced || undefined,
      role: role || undefined,
      status: status || undefined,
      groupId: groupId || undefined,
    }),
    [debounced, role, status, groupId],
  );
  const list = useUsers({ page, pageSize, sort, order, ...filter });
  const total = list.data?.total ?? 0;
  const clearSelection = () => {
    setSelected(new Set());
    setAllResults(false);
  };
  const changeFilter =
    <T,>(setter: (v: T) => void) =>
    (v: T) => {
      setter(v);
      setPage(1);
      clearSelection();
    };
  const selection: TUserSelection | null = allResults
    ? { all: true, filter }
    : selected.size > 0
      ? { ids: [...selected] }
      : null;
  const count = allResults ? total : selected.size;
  const items = list.data?.items ?? [];

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{t('list.title')}</Title>
          <Text c="dimmed">{t('list.intro')}</Text>
        </div>
        <Group>
          <Button variant="default" onClick={() => void exportSearch(filter).catch(showApiError)}>
            {t('list.export')}
          </Button>
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
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={t('list.search')}
          description={t('list.searchHint')}
          type="search"
          value={search}
          onChange={(e) => changeFilter(setSearch)(e.currentTarget.value)}
          miw={280}
        />
        <NativeSelect
          label={t('fields.role')}
          value={role}
          onChange={(e) => changeFilter(setRole)(e.currentTarget.value as TRole | '')}
          data={[{ value: '', label: t('list.all') }, ...ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))]}
        />
        <NativeSelect
          label={t('fields.status')}
          value={status}
          onChange={(e) => changeFilter(setStatus)(e.currentTarget.value as 'active' | 'inactive' | '')}
          data={[
            { value: '', label: t('list.all') },
            { value: 'active', label: t('status.active') },
            { value: 'inactive', label: t('status.inactive') },
          ]}
        />
        <NativeSelect
          label={t('fields.group')}
          value={groupId}
          onChange={(e) => changeFilter(setGroupId)(e.currentTarget.value)}
          data={[
            { value: '', label: t('list.all') },
            ...(groups.data?.items ?? []).map((g) => ({ value: g.id, label: g.name })),
          ]}
        />
      </Group>
      <Paper withBorder p="sm" radius="md">
        <Stack gap="xs">
          <Group gap="sm" aria-live="polite">
            <Text size="sm">{t('list.selected', { count })}</Text>
            {!allResults && selected.size > 0 && selected.size >= items.length && total > items.length && (
              <Anchor component="button" type="button" size="sm" onClick={() => setAllResults(true)}>
                {t('list.selectAllResults', { count: total })}
              </Anchor>
            )}
            {count > 0 && (
              <Anchor component="button" type="button" size="sm" onClick={clearSelection}>
                {t('list.clearSelection')}
              </Anchor>
            )}
          </Group>
          <BulkBar selection={selection} count={count} onDone={clearSelection} />
        </Stack>
      </Paper>
      {list.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorText(list.error)}
        </Alert>
      )}
      <UserTable
        users={items}
        sort={sort}
        order={order}
        onSort={(s, o) => {
          setSort(s);
          setOrder(o);
          setPage(1);
        }}
        selected={selected}
        allResults={allResults}
        onToggle={(id, on) => {
          const next = new Set(selected);
          if (on) next.add(id);
          else next.delete(id);
          setSelected(next);
        }}
        onTogglePage={(on) => {
          const next = new Set(selected);
          for (const u of items) {
            if (on) next.add(u.id);
            else next.delete(u.id);
          }
          setSelected(next);
        }}
        onOpen={(id) => setDrawer({ mode: 'edit', id })}
      />
      {list.data && (
        <ListPaging
          page={page}
          pageSize={pageSize}
          total={total}
          onPage={setPage}
          onPageSize={setPageSize}
          totalKey="paging.users"
        />
      )}
      <UserDrawer state={drawer} onClose={() => setDrawer(null)} />
      <ImportModal opened={importing} onClose={() => setImporting(false)} />
    </Stack>
  );
}
