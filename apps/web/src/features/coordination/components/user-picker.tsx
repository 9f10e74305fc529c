import type { TGroupPerson } from '@lms/contracts/groups';
import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUsers } from '../api/users';

interface Props {
  label: string;
  description?: string;
  value: TGroupPerson[];
  onChange: (people: TGroupPerson[]) => void;
  disabled?: boolean;
  /** The server's refusal of this field (e.g. an id it does not know). */
  error?: string;
}

/** Picks users by searching on the server (a client may have 100,000 users; the list never loads them all). */
export function UserPicker({ label, description, value, onChange, disabled, error }: Props) {
  const { t } = useTranslation('users');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const found = useUsers({ page: 1, pageSize: 25, sort: 'name', order: 'asc', search: debounced || undefined });
  const known = useMemo(() => {
    const map = new Map(value.map((p) => [p.id, p]));
    for (const u of found.data?.items ?? [])
      if (!map.has(u.id)) map.set(u.id, { id: u.id, name: `${u.firstName} ${u.lastName}`, email: u.email });
    return map;
  }, [value, found.data]);
  const labelOf = (p: TGroupPerson) => (p.email ? `${p.name} (${p.email})` : p.name);
  return (
    <MultiSelect
      label={label}
      description={description}
      data={[...known.values()].map((p) => ({ value: p.id, label: labelOf(p) }))}
      value={value.map((p) => p.id)}
      onChange={(ids) => onChange(ids.map((id) => known.get(id)).filter((p): p is TGroupPerson => !!p))}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={t('groups.nobodyFound')}
      disabled={disabled}
      error={error}
      clearable
      maxDropdownHeight={260}
    />
  );
}
