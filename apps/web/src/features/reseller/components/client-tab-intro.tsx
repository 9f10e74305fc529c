import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Props {
  intro: string;
  createLabel: string;
  onCreate: () => void;
  /** From useMayWriteClient: a reader who may not write gets a note instead of the button. */
  mayWrite: boolean;
}

/** The top of a client tab with a list (contacts, companies): its intro and create button, or the read-only note. */
export function ClientTabIntro({ intro, createLabel, onCreate, mayWrite }: Props) {
  const { t } = useTranslation('client-lists');
  return (
    <>
      <Group justify="space-between" align="flex-end">
        <Text>{intro}</Text>
        {mayWrite && <Button onClick={onCreate}>{createLabel}</Button>}
      </Group>
      {!mayWrite && (
        <Alert color="gray" variant="light" role="note">
          {t('readOnly')}
        </Alert>
      )}
    </>
  );
}
