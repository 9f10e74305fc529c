import { ZUserTrainingList } from '@lms/contracts/trainings';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from './api-client';

// The signed-in user's trainings (spec section 7): the learner's pages list them, the messages page names a
// message's training by them. The learner's other calls stay in features/learner/api/my-trainings.ts.

export const myTrainingKeys = {
  all: ['my-trainings'] as const,
  list: ['my-trainings', 'list'] as const,
  one: (id: string) => ['my-trainings', 'one', id] as const,
};

/** Progress moves in the player (runtime commits) behind the app's back, so every visit asks again (staleTime 0). */
export const useMyTrainings = () =>
  useQuery({
    queryKey: myTrainingKeys.list,
    queryFn: () => apiGet('/user-course-trainings', ZUserTrainingList),
    staleTime: 0,
  });
