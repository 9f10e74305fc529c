import { ROLES, type TRole } from '@lms/contracts/roles';
import type { TUserFilter, USER_STATUSES } from '@lms/contracts/users';
import { Group, NativeSelect, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAllGroups } from '../api/groups';
import { useCompanies } from '../api/users';

/** What the filter fields of /coordination/users hold; '' is "all". */
export interface UserFilterFields {
  search: string;
  role: TRole | '';
  status: (typeof USER_STATUSES)[number] | '';
  groupId: string;
  companyId: string;
}

export const NO_USER_FILTERS: UserFilterFields = { search: '', role: '', status: '', groupId: '', companyId: '' };

/** The filter the server gets: the search once typing pauses, "all" left out. */
export function useUserFilter(fields: UserFilterFields): TUserFilter {
  const [search] = useDebouncedValue(fields.search.trim(), 300);
  const { role, status, groupId, companyId } = fields;
  return useMemo(
    () => ({
      search: search || undefined,
      role: role || undefined,
      status: status || undefined,
      groupId: groupId || undefined,
      companyId: companyId || undefined,
    }),
    [search, role, status, groupId, companyId],
  );
}

interface Props {
  fields: UserFilterFields;
  onChange: (change: Partial<UserFilterFields>) => void;
}

/** Search and the role, status, group and company filters of the user list; at 1280 pixels they fit one line. */
export function UserFilters({ fields, onChange }: Props) {
  const { t } = useTranslation('users');
  const groups = useAllGroups();
  const companies = useCompanies();
  const select = <K extends Exclude<keyof UserFilterFields, 'search'>>(
    key: K,
    label: string,
    options: { value: string; label: string }[],
  ) => (
    <NativeSelect
      w={150}
      label={label}
      value={fields[key]}
      // The value is one of the options below, so it fits the field.
      onChange={(e) => onChange({ [key]: e.currentTarget.value })}
      data={[{ value: '', label: t('list.all') }, ...options]}
    />
  );
  return (
    <Group align="flex-end" wrap="wrap">
      <TextInput
        label={t('list.search')}
        description={t('list.searchHint')}
        type="search"
        value={fields.search}
        onChange={(e) => onChange({ search: e.currentTarget.value })}
        w={260}
      />
      {select(
        'role',
        t('fields.role'),
        ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) })),
      )}
      {select('status', t('fields.status'), [
        { value: 'active', label: t('status.active') },
        { value: 'inactive', label: t('status.inactive') },
      ])}
      {select(
        'groupId',
        t('fields.group'),
        (groups.data?.items ?? []).map((g) => ({ value: g.id, label: g.name })),
      )}
      {select(
        'companyId',
        t('fields.company'),
        (companies.data?.items ?? []).map((c) => ({ value: c.id, label: c.name })),
      )}
    </Group>
  );
}
