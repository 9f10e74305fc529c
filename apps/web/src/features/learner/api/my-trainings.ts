import { ZCurrentUser } from '@lms/contracts/auth';
import { ZLaunchResult } from '@lms/contracts/scorm-runtime';
import { ZRecordModuleResult, ZUserTraining } from '@lms/contracts/trainings';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { setCurrentUser } from '../../../lib/auth-store';
import { myTrainingKeys } from '../../../lib/use-my-trainings';

// The learner's calls (spec section 7): one training of theirs, opening a module (the per-user value) and its launch.

/** One of the user's trainings; like the list (lib/use-my-trainings.ts) asked again on every visit. */
export const useMyTraining = (id: string) =>
  useQuery({
    queryKey: myTrainingKeys.one(id),
    queryFn: () => apiGet(`/user-course-trainings/${id}`, ZUserTraining),
    enabled: id !== '',
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
