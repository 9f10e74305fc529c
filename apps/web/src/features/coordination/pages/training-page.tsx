import { TRAINING_STATUSES, type TParticipantSort, type TTrainingStatus } from '@lms/contracts/trainings';
import { VALIDITY_STATES, type TValidityState } from '@lms/contracts/validity';
import { Alert, Anchor, Button, Group, Modal, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useSorting } from '../../../components/data-table';
import { ExportMenu } from '../../../components/export-menu';
import { PageLoader } from '../../../components/page-loader';
import { SearchField, useListSearch } from '../../../components/search-field';
import { pageQuery, usePaging } from '../../../components/table-paging';
import { showApiError, useErrorText } from '../../../lib/error-text';
import { formatDate } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { usePageTitle } from '../../../lib/use-page-title';
import { remindAllOpen, remindParticipant } from '../api/reminders';
import {
  exportParticipants,
  refreshTrainings,
  setOptional,
  useParticipantCycles,
  useParticipantResults,
  useParticipants,
  useTraining,
  useTrainingStatistics,
} from '../api/trainings';
import { CycleHistory } from '../../../components/cycle-history';
import { CertificateRegeneration } from '../components/certificate-regeneration';
import { ParticipantResults } from '../components/participant-results';
import { ParticipantTable } from '../components/participant-table';
import { remindAllText } from '../components/remind-all-text';
import { TrainingDrawer, type TrainingDrawerState } from '../components/training-drawer';
import { TrainingFigures } from '../components/training-figures';

/** The charts bring recharts along: loaded with the page's data, not with the app. */
const TrainingCharts = lazy(() => import('../components/training-charts'));

/**
 * /coordination/trainings/{id}: one training's participants with their status (server paging, filter, search,
 * sort), the counts per status, the OPTIONAL mark (DECISIONS "training status per user") and manual reminders, one
 * participant or all open ones (DECISIONS "manual reminder"; a refusal shows its translated code).
 */
export function TrainingPage() {
  const { t, i18n } = useTranslation(['trainings', 'errors']);
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const { id = '' } = useParams();
  const training = useTraining(id);
  const statistics = useTrainingStatistics(id);
  const paging = usePaging();
  const sorting = useSorting<TParticipantSort>('name', paging);
  const search = useListSearch(paging);
  const [status, setStatus] = useState<TTrainingStatus | ''>('');
  const [validity, setValidity] = useState<TValidityState | ''>('');
  const [cyclesOf, setCyclesOf] = useState<{ userId: string; name: string } | null>(null);
  const cycles = useParticipantCycles(id, cyclesOf?.userId ?? null);
  const [resultsOf, setResultsOf] = useState<{ userId: string; name: string } | null>(null);
  const results = useParticipantResults(id, resultsOf?.userId ?? null);
  const [drawer, setDrawer] = useState<TrainingDrawerState>(null);
  const [busyUserId, setBusyUserId] = useState<string | null>(null);
  const [remindingUserId, setRemindingUserId] = useState<string | null>(null);
  const [remindingAll, setRemindingAll] = useState(false);
  const list = useParticipants(id, {
    ...pageQuery(paging, sorting),
    search: search.debounced || undefined,
    status: status || undefined,
    validity: validity || undefined,
  });
  usePageTitle(training.data?.courseTitle ?? t('detail.title'));

  const markOptional = async (row: { userId: string; name: string }, optional: boolean) => {
    setBusyUserId(row.userId);
    try {
      await setOptional(id, row.userId, optional);
      notifySuccess(t(optional ? 'participants.markedOptional' : 'participants.unmarkedOptional', { name: row.name }));
      await refreshTrainings(queryClient);
    } catch (err) {
      showApiError(err);
    } finally {
      setBusyUserId(null);
    }
  };

  const remindOne = async (row: { userId: string; name: string }) => {
    setRemindingUserId(row.userId);
    try {
      await remindParticipant(id, row.userId);
      notifySuccess(t('reminders.sent', { name: row.name }));
      await refreshTrainings(queryClient);
    } catch (err) {
      showApiError(err);
    } finally {
      setRemindingUserId(null);
    }
  };

  const remindAll = async () => {
    setRemindingAll(true);
    try {
      const result = await remindAllOpen(id);
      notifySuccess(remindAllText(result, t));
      await refreshTrainings(queryClient);
    } catch (err) {
      showApiError(err);
    } finally {
      setRemindingAll(false);
    }
  };

  if (training.isPending) return <PageLoader />;
  if (!training.data)
    return (
      <Stack align="flex-start">
        <Alert color="red" variant="light" role="alert">
          {errorText(training.error)}
        </Alert>
        <Anchor component={Link} to="/coordination/trainings">
          {t('detail.back')}
        </Anchor>
      </Stack>
    );
  const tr = training.data;
  const dates = [
    t('detail.startDate', { date: formatDate(tr.effectiveStartDate, i18n.language) || t('list.noDate') }),
    t('detail.deadline', { date: formatDate(tr.effectiveDeadline, i18n.language) || t('list.noDate') }),
  ].join(' · ');
  const assigned = [
    ...tr.groups.map((g) => g.name),
    ...(tr.directUsers.length > 0 ? [t('list.directUsers', { count: tr.directUsers.length })] : []),
  ];

  return (
    <Stack>
      <div>
        <Anchor component={Link} to="/coordination/trainings" size="sm">
          {t('detail.back')}
        </Anchor>
        <Group justify="space-between" align="flex-end" mt={4} gap="sm">
          <div style={{ minWidth: 0 }}>
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {tr.courseTitle}
            </Title>
            <Text c="dimmed">{dates}</Text>
            <Text size="sm">{t('detail.assigned', { names: assigned.join(', ') || t('list.nobody') })}</Text>
          </div>
          <Button variant="default" onClick={() => setDrawer({ mode: 'edit', id: tr.id })}>
            {t('detail.edit')}
          </Button>
        </Group>
      </div>
      <section aria-labelledby="figures-title">
        <Title order={2} size="h3" id="figures-title" mb="xs">
          {t('figures.title')}
        </Title>
        <TrainingFigures counts={list.data?.counts ?? tr.counts} />
      </section>
      <section aria-labelledby="charts-title">
        <Title order={2} size="h3" id="charts-title" mb="xs">
          {t('charts.title')}
        </Title>
        {statistics.data ? (
          <Suspense fallback={<PageLoader />}>
            <TrainingCharts stats={statistics.data} />
          </Suspense>
        ) : statistics.isPending ? (
          <PageLoader />
        ) : (
          <Alert color="red" variant="light" role="alert">
            {errorText(statistics.error)}
          </Alert>
        )}
      </section>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={2} size="h3">
          {t('participants.title')}
        </Title>
        <Group gap="sm">
          <ExportMenu
            label={t('participants.export')}
            onExport={(format) =>
              exportParticipants(
                id,
                {
                  sort: sorting.sort,
                  order: sorting.order,
                  search: search.debounced || undefined,
                  status: status || undefined,
                  validity: validity || undefined,
                },
                format,
              ).catch(showApiError)
            }
          />
          <Button variant="default" loading={remindingAll} onClick={() => void remindAll()}>
            {t('reminders.remindAll')}
          </Button>
        </Group>
      </Group>
      <Group align="flex-end">
        <SearchField
          label={t('participants.search')}
          description={t('participants.searchHint')}
          w={{ base: '100%', xs: 320 }}
          search={search}
        />
        <NativeSelect
          label={t('participants.status')}
          w={{ base: '100%', xs: 220 }}
          value={status}
          onChange={(e) => {
            setStatus(e.currentTarget.value as TTrainingStatus | '');
            paging.setPage(1);
          }}
          data={[
            { value: '', label: t('participants.allStatuses') },
            ...TRAINING_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
          ]}
        />
        <NativeSelect
          label={t('trainings:validity.filter')}
          w={{ base: '100%', xs: 220 }}
          value={validity}
          onChange={(e) => {
            setValidity(e.currentTarget.value as TValidityState | '');
            paging.setPage(1);
          }}
          data={[
            { value: '', label: t('trainings:validity.any') },
            ...VALIDITY_STATES.map((v) => ({ value: v, label: t(`trainings:validity.state.${v}`) })),
          ]}
        />
      </Group>
      <ParticipantTable
        list={list}
        paging={paging}
        sorting={sorting}
        filtered={Boolean(search.debounced || status || validity)}
        busyUserId={busyUserId}
        onOptional={(row, optional) => void markOptional(row, optional)}
        remindingUserId={remindingUserId}
        onRemind={(row) => void remindOne(row)}
        onCycles={(row) => setCyclesOf({ userId: row.userId, name: row.name })}
        onResults={(row) => setResultsOf({ userId: row.userId, name: row.name })}
      />
      <Modal
        opened={resultsOf !== null}
        onClose={() => setResultsOf(null)}
        title={resultsOf ? t('result.showFor', { name: resultsOf.name }) : ''}
        size="lg"
        closeButtonProps={{ 'aria-label': t('trainings:validity.close') }}
      >
        {results.data ? <ParticipantResults results={results.data} /> : <PageLoader />}
      </Modal>
      <Modal
        opened={cyclesOf !== null}
        onClose={() => setCyclesOf(null)}
        title={cyclesOf ? t('trainings:validity.showCycles', { name: cyclesOf.name }) : ''}
        size="lg"
        closeButtonProps={{ 'aria-label': t('trainings:validity.close') }}
      >
        {cycles.data ? <CycleHistory cycles={cycles.data.items} headingOrder={3} /> : <PageLoader />}
      </Modal>
      <CertificateRegeneration trainingId={tr.id} />
      <TrainingDrawer state={drawer} onClose={() => setDrawer(null)} />
    </Stack>
  );
}
