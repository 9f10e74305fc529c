import { Alert, Anchor, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useErrorText } from '../../../lib/error-text';

/** A training that did not load (not assigned to this user answers 404): the reason and the way back. */
export function TrainingNotLoaded({ error }: { error: unknown }) {
  const { t } = useTranslation('learner');
  const errorText = useErrorText();
  return (
    <Stack align="flex-start">
      <Alert color="red" variant="light" role="alert">
        {errorText(error)}
      </Alert>
      <Anchor component={Link} to="/">
        {t('training.backToDashboard')}
      </Anchor>
    </Stack>
  );
}
