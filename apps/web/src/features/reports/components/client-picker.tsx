import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientChoice, useClientSearch, type ClientChoice } from '../api/report-clients';

interface Props {
  /** The signed-in user's client: chosen when the URL names none. */
  ownId: string;
  /** The URL's `client`; undefined: the own client. */
  value: string | undefined;
  /** undefined: back to the own client (the URL then names none). */
  onChange: (id: string | undefined) => void;
}

/**
 * A reseller's choice of whose reports it reads (issue 31): its own client first, then the clients it resells, by
 * name. The server searches for the typed text; the shown choice's own label is no search (Mantine puts it in the
 * field), so opening the list after a choice shows the first clients again, not only that one.
 */
export function ClientPicker({ ownId, value, onChange }: Props) {
  const { t } = useTranslation('reports');
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const own = useClientChoice(ownId);
  const chosen = useClientChoice(value && value !== ownId ? value : undefined);
  const labelOf = (c: ClientChoice) => (c.id === ownId ? t('filters.ownClient', { name: c.name }) : c.name);
  const shownLabel = chosen ? labelOf(chosen) : own ? labelOf(own) : '';
  const typed = search === shownLabel ? '' : search.trim();
  const [debounced] = useDebouncedValue(typed, 250);
  // The first page is asked for once the list opens (a reseller who never opens it costs the server nothing).
  const found = useClientSearch(debounced, opened || debounced !== '');
  const options = new Map<string, ClientChoice>();
  // Own first when it is shown at all: always without a text, with one when the server's answer holds it.
  const foundItems = found.data ?? [];
  if (own && (!debounced || foundItems.some((c) => c.id === ownId))) options.set(own.id, own);
  for (const c of foundItems) if (!options.has(c.id)) options.set(c.id, c);
  // Mantine shows only a value its data holds: the chosen client stays in, even when the search leaves it out.
  if (chosen && !options.has(chosen.id)) options.set(chosen.id, chosen);
  return (
    <Select
      label={t('filters.client')}
      w={{ base: '100%', xs: 260 }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      data={[...options.values()].map((c) => ({ value: c.id, label: labelOf(c) }))}
      value={value ?? ownId}
      onChange={(id) => id && onChange(id === ownId ? undefined : id)}
      allowDeselect={false}
      onDropdownOpen={() => setOpened(true)}
      nothingFoundMessage={found.isFetching ? t('filters.searchingClients') : t('filters.noClient')}
      maxDropdownHeight={260}
      data-testid="report-client"
    />
  );
}
