import type { TUser } from '@lms/contracts/users';
import { Alert, Button, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GdprExports } from '../../../components/gdpr-exports';
import { useErrorText } from '../../../lib/error-text';
import { eraseUser } from '../../../lib/gdpr';
import { closeButton, notifySuccess } from '../../../lib/notify';
import { refreshUsers } from '../api/users';

/**
 * The user drawer's GDPR part for an admin (issue 30 point 4): export the person's data, and erase them. The
 * erasure cannot be undone, so it asks for the person's name to be typed, not for a click on "OK".
 */
export function UserGdpr({ user, onErased }: { user: TUser; onErased: () => void }) {
  const { t } = useTranslation('account', { keyPrefix: 'gdpr' });
  const [confirming, setConfirming] = useState(false);
  return (
    <Paper component="section" withBorder p="md" mt="lg" radius="md" aria-labelledby="user-gdpr-title">
      <Stack gap="xs">
        <Title order={3} size="h4" id="user-gdpr-title">
          {t('admin.title')}
        </Title>
        <GdprExports userId={user.id} />
        <Group>
          <Button color="red" variant="outline" c="red.9" onClick={() => setConfirming(true)}>
            {t('erase.button')}
          </Button>
        </Group>
      </Stack>
      <EraseModal user={user} opened={confirming} onClose={() => setConfirming(false)} onErased={onErased} />
    </Paper>
  );
}

function EraseModal({
  user,
  opened,
  onClose,
  onErased,
}: {
  user: TUser;
  opened: boolean;
  onClose: () => void;
  onErased: () => void;
}) {
  const { t } = useTranslation('account', { keyPrefix: 'gdpr' });
  const { t: tCommon } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const name = `${user.firstName} ${user.lastName}`.trim();
  const matches = typed.trim().toLocaleLowerCase() === name.toLocaleLowerCase() && name !== '';
  const close = () => {
    setTyped('');
    setError(null);
    onClose();
  };
  const erase = async () => {
    setBusy(true);
    setError(null);
    try {
      await eraseUser(user.id);
      notifySuccess(t('erase.done'));
      await refreshUsers(queryClient);
      close();
      onErased();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal closeButtonProps={closeButton()} opened={opened} onClose={close} title={t('erase.title')} centered>
      <Stack>
        <Text>{t('erase.text', { name })}</Text>
        <Text size="sm">{t('erase.certificates')}</Text>
        {error !== null && (
          <Alert color="red" variant="light" role="alert">
            {errorText(error)}
          </Alert>
        )}
        <TextInput
          label={t('erase.typeName', { name })}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          autoComplete="off"
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {tCommon('cancel')}
          </Button>
          <Button color="red.9" loading={busy} disabled={!matches} onClick={() => void erase()}>
            {t('erase.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
