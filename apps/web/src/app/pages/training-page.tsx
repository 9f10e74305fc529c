import { TrainingDocuments } from '../../features/documents/components/training-documents';
import { TrainingPage as LearnerTrainingPage } from '../../features/learner/pages/training-page';

/**
 * `/training/{id}`: the learner's training (features/learner) with its certificate, once completed, and its
 * course's files (features/documents; issue 32). Composed here because a feature never imports another.
 */
export function TrainingPage() {
  return (
    <LearnerTrainingPage
      documents={(training) => (
        <TrainingDocuments
          trainingId={training.id}
          completedAt={training.status === 'COMPLETED' ? training.completedAt : null}
        />
      )}
    />
  );
}
