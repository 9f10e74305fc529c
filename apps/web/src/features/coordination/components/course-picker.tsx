import { ZCoursePage } from '@lms/contracts/courses';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiGet } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { queryString } from '../../../lib/http';

export interface CourseChoice {
  id: string;
  title: string;
  /** The course's own dates, where known: a training without its own dates uses them. */
  startDate?: string | null;
  deadline?: string | null;
}

interface Props {
  value: CourseChoice | null;
  onChange: (course: CourseChoice | null) => void;
  error?: string | null;
}

/**
 * Picks the training's course by searching on the server (GET /courses, 25 at a time). The list call handles its
 * own refusal (skipPolicy): a role the server does not let list courses sees why under the field, not a dialog.
 */
export function CoursePicker({ value, onChange, error }: Props) {
  const { t } = useTranslation('trainings');
  const errorText = useErrorText();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const query = { page: 1, pageSize: 25, sort: 'title', order: 'asc', search: debounced || undefined };
  const found = useQuery({
    queryKey: ['courses', 'picker', query],
    queryFn: () => apiGet(`/courses${queryString(query)}`, ZCoursePage, { skipPolicy: true }),
    placeholderData: keepPreviousData,
  });
  const options = useMemo(() => {
    const map = new Map<string, CourseChoice>();
    if (value) map.set(value.id, value);
    for (const c of found.data?.items ?? [])
      map.set(c.id, {
        id: c.id,
        title: c.title || t('drawer.untitled'),
        startDate: c.startDate,
        deadline: c.deadline,
      });
    return map;
  }, [value, found.data, t]);
  const inactive = new Set((found.data?.items ?? []).filter((c) => !c.active).map((c) => c.id));
  return (
    <Select
      label={t('fields.course')}
      required
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      data={[...options.values()].map((c) => ({
        value: c.id,
        label: inactive.has(c.id) ? `${c.title} (${t('list.inactive')})` : c.title,
      }))}
      value={value?.id ?? null}
      onChange={(id) => onChange(id ? (options.get(id) ?? null) : null)}
      nothingFoundMessage={t('drawer.noCourses')}
      error={error ?? (found.isError ? errorText(found.error) : undefined)}
      maxDropdownHeight={260}
    />
  );
}
