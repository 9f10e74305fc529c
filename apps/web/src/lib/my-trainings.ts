import { ZCurrentUser } from '@lms/contracts/auth';
import { ZLaunchResult } from '@lms/contracts/scorm-runtime';
import { ZRecordModuleResult, ZTrainingCycleList, ZUserTraining, ZUserTrainingList } from '@lms/contracts/trainings';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from './api-client';
import { setCurrentUser } from './auth-store';

// The learner's calls (spec section 7): their trainings, opening a module (the per-user value) and its launch.
// In lib because the messages page names a message's training from the same list; one module, so the pages
// that use it share one chunk (one entry fewer in the first visit's preload map than a split).

export const myTrainingKeys = {
  all: ['my-trainings'] as const,
  list: ['my-trainings', 'list'] as const,
  one: (id: string) => ['my-trainings', 'one', id] as const,
  cycles: (id: string) => ['my-trainings', 'cycles', id] as const,
};

/** Progress moves in the player (runtime commits) behind the app's back, so every visit asks again (staleTime 0). */
export const useMyTrainings = () =>
  useQuery({
    queryKey: myTrainingKeys.list,
    queryFn: () => apiGet('/user-course-trainings', ZUserTrainingList),
    staleTime: 0,
  });

export const useMyTraining = (id: string) =>
  useQuery({
    queryKey: myTrainingKeys.one(id),
    queryFn: () => apiGet(`/user-course-trainings/${id}`, ZUserTraining),
    enabled: id !== '',
    staleTime: 0,
  });

/** Issue 30 point 1: the cycles of one of my trainings, asked only when it has a validity or an earlier cycle. */
export const useMyTrainingCycles = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: myTrainingKeys.cycles(id),
    queryFn: () => apiGet(`/user-course-trainings/${id}/cycles`, ZTrainingCycleList),
    enabled: enabled && id !== '',
    staleTime: 0,
  });

/**
 * The learner opened a module: a PDF is completed by this (DECISIONS "module completion"), a SCORM module becomes
 * STARTED and completes through the runtime. A locked module answers 400 `module_locked`.
 */
export const recordModuleOpened = (trainingId: string, moduleId: string) =>
  apiPost(`/course-training-user-value/${trainingId}/${moduleId}`, {}, ZRecordModuleResult);

/** The player URL on the content origin for this user's attempt at the module. */
export const launchModule = (trainingId: string, moduleId: string) =>
  apiPost(`/course-training/${trainingId}/module/${moduleId}/launch`, undefined, ZLaunchResult);

export const refreshMyTrainings = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: myTrainingKeys.all });

/** POST /user {welcomeDialogSeen}: the welcome dialog is shown once (spec section 3 "welcomeDialogSeen"). */
export async function markWelcomeDialogSeen(): Promise<void> {
  setCurrentUser(await apiPost('/user', { welcomeDialogSeen: true }, ZCurrentUser));
}
