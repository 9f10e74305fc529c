import { ZOk } from '@lms/contracts/common';
import {
  ZParticipantPage,
  ZParticipantResults,
  ZParticipantStatus,
  ZTraining,
  ZTrainingCycleList,
  ZTrainingPage,
  ZTrainingStatistics,
  type TCreateTrainingBody,
  type TParticipantListQuery,
  type TTrainingListQuery,
  type TUpdateTrainingBody,
} from '@lms/contracts/trainings';
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import type { TExportFormat } from '@lms/contracts/exports';
import { apiDelete, apiFetchBlob, apiGet, apiPost } from '../../../lib/api-client';
import { queryString, saveBlob } from '../../../lib/http';

// The coordination calls of trainings (spec section 7: CRUD /course-training and the participants' status table).

export type TrainingListParams = Pick<
  TTrainingListQuery,
  'page' | 'pageSize' | 'sort' | 'order' | 'search' | 'groupId' | 'courseId'
>;
export type ParticipantListParams = Pick<
  TParticipantListQuery,
  'page' | 'pageSize' | 'sort' | 'order' | 'search' | 'status' | 'validity'
>;

export const trainingKeys = {
  all: ['trainings'] as const,
  list: (p: TrainingListParams) => ['trainings', 'list', p] as const,
  one: (id: string) => ['trainings', 'one', id] as const,
  participants: (id: string, p: ParticipantListParams) => ['trainings', 'participants', id, p] as const,
  statistics: (id: string) => ['trainings', 'statistics', id] as const,
  cycles: (id: string, userId: string) => ['trainings', 'cycles', id, userId] as const,
  results: (id: string, userId: string) => ['trainings', 'results', id, userId] as const,
};

/** Issue 31 point 1: one participant's results per module (asked when the coordinator opens them). */
export const useParticipantResults = (trainingId: string, userId: string | null) =>
  useQuery({
    queryKey: trainingKeys.results(trainingId, userId ?? ''),
    queryFn: () => apiGet(`/course-training/${trainingId}/participants/${userId}/results`, ZParticipantResults),
    enabled: userId !== null,
  });

/** Issue 30 point 1: one participant's cycles (asked when the coordinator opens them). */
export const useParticipantCycles = (trainingId: string, userId: string | null) =>
  useQuery({
    queryKey: trainingKeys.cycles(trainingId, userId ?? ''),
    queryFn: () => apiGet(`/course-training/${trainingId}/participants/${userId}/cycles`, ZTrainingCycleList),
    enabled: userId !== null,
  });

export const useTrainings = (p: TrainingListParams) =>
  useQuery({
    queryKey: trainingKeys.list(p),
    queryFn: () => apiGet(`/course-training${queryString({ ...p })}`, ZTrainingPage),
    placeholderData: keepPreviousData,
  });

export const useTraining = (id: string | null) =>
  useQuery({
    queryKey: trainingKeys.one(id ?? ''),
    queryFn: () => apiGet(`/course-training/${id ?? ''}`, ZTraining),
    enabled: !!id,
  });

/** The participants' rows carry the user id as `id`, so the paged table can key them. */
export const useParticipants = (trainingId: string, p: ParticipantListParams) =>
  useQuery({
    queryKey: trainingKeys.participants(trainingId, p),
    queryFn: () =>
      apiGet(
        `/course-training-user-value/${trainingId}/get-status-of-all-users${queryString({ ...p })}`,
        ZParticipantPage,
      ),
    select: (page) => ({ ...page, items: page.items.map((row) => ({ ...row, id: row.userId })) }),
    placeholderData: keepPreviousData,
  });

/** The status distribution and completions over time of the charts (in the actor's scope). */
export const useTrainingStatistics = (trainingId: string) =>
  useQuery({
    queryKey: trainingKeys.statistics(trainingId),
    queryFn: () => apiGet(`/course-training/${trainingId}/statistics`, ZTrainingStatistics),
  });

export const createTraining = (body: TCreateTrainingBody) => apiPost('/course-training', body, ZTraining);
export const updateTraining = (id: string, body: TUpdateTrainingBody) =>
  apiPost(`/course-training/${id}`, body, ZTraining);

/**
 * Spec section 5: refused with 409 `training_in_use` while users are assigned; with 409 `training_has_progress`
 * when former participants' progress is kept, unless `confirm` (asked of the user first) deletes it too.
 */
export const deleteTraining = (id: string, confirm: boolean) =>
  apiDelete(`/course-training/${id}${confirm ? '?confirm=true' : ''}`, ZOk);

export const setOptional = (trainingId: string, userId: string, optional: boolean) =>
  apiPost(`/course-training/${trainingId}/participants/${userId}/optional`, { optional }, ZParticipantStatus);

export const refreshTrainings = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: trainingKeys.all });

/** Issue 31 point 3: the status table with its filter and order as XLSX or CSV (every page, not only the shown). */
export async function exportParticipants(
  trainingId: string,
  p: Omit<ParticipantListParams, 'page' | 'pageSize'>,
  format: TExportFormat,
): Promise<void> {
  const blob = await apiFetchBlob(`/course-training/${trainingId}/participants/export${queryString({ ...p, format })}`);
  saveBlob(blob, `participants-${new Date().toISOString().slice(0, 10)}.${format}`);
}
