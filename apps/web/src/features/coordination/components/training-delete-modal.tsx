import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { closeButton, notifySuccess } from '../../../lib/notify';
import { groupKeys } from '../api/groups';
import { deleteTraining, refreshTrainings } from '../api/trainings';

export interface TrainingToDelete {
  id: string;
  courseTitle: string;
}

type Stage =
  | { kind: 'ask' }
  /** No one is assigned any more, but former participants' progress is kept: deleting it needs a second yes. */
  | { kind: 'progress'; started: number; completed: number }
  | { kind: 'refused'; message: string; details: string | null };

const count = (details: Record<string, unknown> | undefined, key: string): number =>
  typeof details?.[key] === 'number' ? details[key] : 0;

/** The red of the delete buttons: white on Mantine's red 6 gives 3.3:1 (axe: serious), on red 9 5.4:1. */
const DANGER = 'red.9';

/**
 * Deleting a training (spec section 5): refused while users are assigned (the server's `training_in_use`, shown as
 * its text); when some former participants have started, the user is asked to confirm that their progress goes too.
 */
export function TrainingDeleteModal({ training, onClose }: { training: TrainingToDelete | null; onClose: () => void }) {
  const { t } = useTranslation('trainings');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<Stage>({ kind: 'ask' });
  const [busy, setBusy] = useState(false);
  useEffect(() => setStage({ kind: 'ask' }), [training]);

  const remove = async (confirm: boolean) => {
    if (!training) return;
    setBusy(true);
    try {
      await deleteTraining(training.id, confirm);
      notifySuccess(t('delete.done', { title: training.courseTitle }));
      await refreshTrainings(queryClient);
      await queryClient.invalidateQueries({ queryKey: groupKeys.all });
      onClose();
    } catch (err) {
      // The codes are compared as text: the catalogue of the contracts names them once the server answers them.
      const code: string = isApiError(err) ? err.code : '';
      const details = isApiError(err) ? err.details : undefined;
      if (code === 'training_has_progress' && !confirm)
        setStage({ kind: 'progress', started: count(details, 'started'), completed: count(details, 'completed') });
      else
        setStage({
          kind: 'refused',
          message: errorText(err),
          details:
            code === 'training_in_use'
              ? t('delete.inUse', {
                  count: count(details, 'participants'),
                  started: count(details, 'started'),
                  completed: count(details, 'completed'),
                })
              : null,
        });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={training !== null}
      onClose={onClose}
      title={t('delete.title')}
      closeButtonProps={closeButton()}
      centered
    >
      <Stack>
        {stage.kind === 'ask' && <Text>{t('delete.ask', { title: training?.courseTitle ?? '' })}</Text>}
        {stage.kind === 'progress' && (
          <Alert color="orange" variant="light" role="alert">
            <Text size="sm" fw={600}>
              {t('delete.progressTitle')}
            </Text>
            <Text size="sm" mt={4}>
              {t('delete.progress', { started: stage.started, completed: stage.completed })}
            </Text>
          </Alert>
        )}
        {stage.kind === 'refused' && (
          <Alert color="red" variant="light" role="alert">
            <Text size="sm" fw={600}>
              {stage.message}
            </Text>
            {stage.details && (
              <Text size="sm" mt={4}>
                {stage.details}
              </Text>
            )}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t(stage.kind === 'refused' ? 'common:close' : 'common:cancel')}
          </Button>
          {stage.kind === 'ask' && (
            <Button color={DANGER} loading={busy} onClick={() => void remove(false)}>
              {t('delete.confirm')}
            </Button>
          )}
          {stage.kind === 'progress' && (
            <Button color={DANGER} loading={busy} onClick={() => void remove(true)}>
              {t('delete.confirmWithProgress')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
