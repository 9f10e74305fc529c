import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { closeApiDialog, useApiDialog } from '../../lib/api-dialogs';

interface PolicyDialogProps {
  opened: boolean;
  onOk: () => void;
}

/** A notice the user can only acknowledge: title, text and OK (no close button, so OK is the one way on). */
function PolicyDialog({ opened, onOk, kind }: PolicyDialogProps & { kind: 'forbidden' | 'sessionExpired' }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onOk} title={t(`dialogs.${kind}.title`)} centered withCloseButton={false}>
      <Text>{t(`dialogs.${kind}.text`)}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onOk} data-autofocus>
          {t('ok')}
        </Button>
      </Group>
    </Modal>
  );
}

/** Spec section 8: "Authorization error" (lacks permission); OK returns to home. */
export const AuthorizationErrorDialog = (props: PolicyDialogProps) => <PolicyDialog {...props} kind="forbidden" />;

/** Spec section 8: "Session expired" (inactivity or a logout elsewhere); the API client already went to /login. */
export const SessionExpiredDialog = (props: PolicyDialogProps) => <PolicyDialog {...props} kind="sessionExpired" />;

/** The dialogs the API client opens (ARCHITECTURE section 5). */
export function ApiDialogs() {
  const dialog = useApiDialog();
  const navigate = useNavigate();
  const goHome = () => {
    closeApiDialog();
    void navigate('/', { replace: true });
  };
  return (
    <>
      <SessionExpiredDialog opened={dialog === 'session-expired'} onOk={closeApiDialog} />
      <AuthorizationErrorDialog opened={dialog === 'forbidden'} onOk={goHome} />
    </>
  );
}
