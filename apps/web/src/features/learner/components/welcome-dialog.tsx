import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../lib/auth-store';
import { showApiError } from '../../../lib/error-text';
import { closeButton } from '../../../lib/notify';
import { useCurrentClient } from '../../../lib/use-current-client';
import { markWelcomeDialogSeen } from '../../../lib/my-trainings';

/**
 * The dashboard's welcome dialog (spec section 2), shown until the user closes it once: closing stores
 * welcomeDialogSeen on the server (POST /user), so it does not come back on another device either.
 */
export function WelcomeDialog() {
  const { t } = useTranslation('learner');
  const { user } = useAuth();
  const clientName = useCurrentClient().data?.name ?? '';
  const [closed, setClosed] = useState(false);
  const opened = user !== null && !user.welcomeDialogSeen && !closed;
  const close = () => {
    setClosed(true);
    markWelcomeDialogSeen().catch(showApiError);
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={clientName ? t('welcome.title', { client: clientName }) : t('welcome.titleNoClient')}
      closeButtonProps={closeButton()}
      centered
    >
      <Stack>
        <Text>{t('welcome.intro')}</Text>
        <List spacing="xs">
          <List.Item>{t('welcome.trainings')}</List.Item>
          <List.Item>{t('welcome.modules')}</List.Item>
          <List.Item>{t('welcome.documents')}</List.Item>
        </List>
        <Group justify="flex-end">
          <Button onClick={close} data-autofocus>
            {t('welcome.start')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
