import type { TTrainingSort, TTrainingSummary } from '@lms/contracts/trainings';
import { Anchor, Badge, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { CellText, useSorting } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { PagedTable } from '../../../components/paged-table';
import { RowActions } from '../../../components/row-actions';
import { SearchField, useListSearch } from '../../../components/search-field';
import { pageQuery, usePaging } from '../../../components/table-paging';
import { formatDate } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAllGroups } from '../api/groups';
import { useTrainings } from '../api/trainings';
import { TrainingDeleteModal, type TrainingToDelete } from '../components/training-delete-modal';
import { TrainingDrawer, type TrainingDrawerState } from '../components/training-drawer';

/** /coordination/trainings: the trainings the user may see (a coordinator: those of their groups), paged on the server. */
export function TrainingsPage() {
  const { t, i18n } = useTranslation(['trainings', 'ui']);
  usePageTitle(t('list.title'));
  const paging = usePaging();
  const sorting = useSorting<TTrainingSort>('courseTitle', paging);
  const search = useListSearch(paging);
  const [groupId, setGroupId] = useState('');
  const [drawer, setDrawer] = useState<TrainingDrawerState>(null);
  const [deleting, setDeleting] = useState<TrainingToDelete | null>(null);
  const groups = useAllGroups();
  const list = useTrainings({
    ...pageQuery(paging, sorting),
    search: search.debounced || undefined,
    groupId: groupId || undefined,
  });
  /** The training's own date, else the course's, marked as such. */
  const dateCell = (own: string | null, effective: string | null) => (
    <>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatDate(effective, i18n.language) || t('list.noDate')}
      </Text>
      {own === null && effective !== null && (
        <Text size="xs" c="dimmed">
          {t('list.fromCourse')}
        </Text>
      )}
    </>
  );
  const assigned = (tr: TTrainingSummary) => {
    const names = tr.groups.map((g) => g.name);
    if (tr.directUserCount > 0) names.push(t('list.directUsers', { count: tr.directUserCount }));
    return names.join(', ') || t('list.nobody');
  };

  return (
    <Stack>
      <PageHeader
        title={t('list.title')}
        intro={t('list.intro')}
        action={<Button onClick={() => setDrawer({ mode: 'create' })}>{t('list.create')}</Button>}
      />
      <Group align="flex-end">
        <SearchField
          label={t('list.search')}
          description={t('list.searchHint')}
          w={{ base: '100%', xs: 320 }}
          search={search}
        />
        <NativeSelect
          label={t('fields.group')}
          w={{ base: '100%', xs: 240 }}
          value={groupId}
          onChange={(e) => {
            setGroupId(e.currentTarget.value);
            paging.setPage(1);
          }}
          data={[
            { value: '', label: t('list.allGroups') },
            ...(groups.data?.items ?? []).map((g) => ({ value: g.id, label: g.name })),
          ]}
        />
      </Group>
      <PagedTable
        list={list}
        paging={paging}
        label={t('list.title')}
        sorting={sorting}
        columns={[
          {
            id: 'course',
            header: t('fields.course'),
            sortKey: 'courseTitle',
            cell: (tr) => (
              <Group gap={6} wrap="nowrap">
                <Anchor component={Link} to={`/coordination/trainings/${tr.id}`} size="sm" fw={500}>
                  <CellText text={tr.courseTitle} max={220} lines={2} />
                </Anchor>
                {!tr.courseActive && (
                  <Badge size="xs" variant="outline" color="gray" c="dark.6">
                    {t('list.inactive')}
                  </Badge>
                )}
              </Group>
            ),
          },
          {
            id: 'assigned',
            header: t('list.assigned'),
            priority: 2,
            // Two lines of 180 px, course titles of 220 px: on one line of 240 and 260 px the French list
            // ("Vertrieb, 6 personnes individuellement") was 75 px wider than its card at 1280 px (issue 32).
            cell: (tr) => <CellText text={assigned(tr)} max={180} lines={2} />,
          },
          {
            id: 'participants',
            header: t('list.participants'),
            sortKey: 'participantCount',
            nowrap: true,
            cell: (tr) => tr.counts.participants,
          },
          {
            id: 'completed',
            header: t('list.completed'),
            nowrap: true,
            priority: 2,
            cell: (tr) => t('list.completedOf', { completed: tr.counts.completed, total: tr.counts.participants }),
          },
          {
            id: 'startDate',
            header: t('fields.startDate'),
            sortKey: 'startDate',
            priority: 3,
            cell: (tr) => dateCell(tr.startDate, tr.effectiveStartDate),
          },
          {
            id: 'deadline',
            header: t('fields.deadline'),
            sortKey: 'deadline',
            cell: (tr) => dateCell(tr.deadline, tr.effectiveDeadline),
          },
          {
            id: 'actions',
            header: t('list.actions'),
            actions: true,
            cell: (tr) => (
              <RowActions
                actions={[
                  {
                    label: t('list.edit'),
                    name: t('list.editName', { title: tr.courseTitle }),
                    onClick: () => setDrawer({ mode: 'edit', id: tr.id }),
                  },
                  {
                    label: t('list.delete'),
                    name: t('list.deleteName', { title: tr.courseTitle }),
                    danger: true,
                    onClick: () => setDeleting({ id: tr.id, courseTitle: tr.courseTitle }),
                  },
                ]}
              />
            ),
          },
        ]}
        empty={
          search.debounced || groupId ? (
            <EmptyState title={t('list.noMatch')} />
          ) : (
            <EmptyState
              title={t('ui:empty.trainings.title')}
              text={t('ui:empty.trainings.text')}
              action={<Button onClick={() => setDrawer({ mode: 'create' })}>{t('ui:empty.trainings.action')}</Button>}
            />
          )
        }
        totalLabel={(count) => t('list.total', { count })}
      />
      <TrainingDrawer state={drawer} onClose={() => setDrawer(null)} />
      <TrainingDeleteModal training={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
