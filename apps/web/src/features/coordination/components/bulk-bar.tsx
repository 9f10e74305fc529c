import { BULK_ACTIONS, type TBulkAction, type TUserSelection } from '@lms/contracts/users';
import { Alert, Button, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import { useAllGroups } from '../api/groups';
import { exportSelection, refreshUsers, runBulk } from '../api/users';
import { closeButton, notifySuccess } from '../../../lib/notify';

interface Props {
  selection: TUserSelection | null;
  count: number;
  onDone: () => void;
}

const needsGroup = (a: TBulkAction | '') => a === 'addToGroup' || a === 'removeFromGroup';

/**
 * Bulk actions on the selection or on all search results (spec sections 4 and 5). Every action but export asks
 * for confirmation; the server answers its own code when a rule is broken, and then nothing has changed.
 */
export function BulkBar({ selection, count, onDone }: Props) {
  const { t } = useTranslation('users');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const groups = useAllGroups();
  const [action, setAction] = useState<TBulkAction | ''>('');
  const [groupId, setGroupId] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const start = async () => {
    setError(null);
    // The same messages the server's codes carry (spec section 8), before a call that would fail anyway.
    if (!action) return setError(t('common:errors.no_action_selected'));
    if (!selection || count === 0) return setError(t('common:errors.no_users_selected'));
    if (needsGroup(action) && !groupId) return setError(t('bulk.noGroup'));
    if (action !== 'export') return setConfirming(true);
    setBusy(true);
    try {
      await exportSelection(selection);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const run = async () => {
    if (!action || action === 'export' || !selection) return;
    setBusy(true);
    try {
      const result = await runBulk(action, selection, needsGroup(action) ? groupId : undefined);
      notifySuccess(t(`bulk.done.${action}`, { count: result.affected }));
      setConfirming(false);
      setAction('');
      await refreshUsers(queryClient);
      onDone();
    } catch (err) {
      setConfirming(false);
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const usable = (groups.data?.items ?? []).filter((g) => !g.externallyManaged);
  return (
    <Stack gap="xs">
      <Group align="flex-end" wrap="wrap">
        <NativeSelect
          label={t('bulk.label')}
          value={action}
          onChange={(e) => setAction(e.currentTarget.value as TBulkAction | '')}
          data={[
            { value: '', label: t('bulk.choose') },
            ...BULK_ACTIONS.map((a) => ({ value: a, label: t(`bulk.actions.${a}`) })),
          ]}
        />
        {needsGroup(action) && (
          <NativeSelect
            label={t('bulk.group')}
            value={groupId}
            onChange={(e) => setGroupId(e.currentTarget.value)}
            data={[{ value: '', label: t('bulk.chooseGroup') }, ...usable.map((g) => ({ value: g.id, label: g.name }))]}
          />
        )}
        <Button onClick={() => void start()} loading={busy && !confirming} variant="default">
          {t('bulk.apply', { count })}
        </Button>
      </Group>
      {error && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          withCloseButton
          closeButtonLabel={t('common:close')}
          onClose={() => setError(null)}
        >
          {error}
        </Alert>
      )}
      <Modal
        closeButtonProps={closeButton()}
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('bulk.confirmTitle')}
        centered
      >
        <Stack>
          <Text>{action && action !== 'export' ? t(`bulk.confirm.${action}`, { count }) : ''}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('common:cancel')}
            </Button>
            <Button color={action === 'delete' ? 'red' : undefined} loading={busy} onClick={() => void run()}>
              {t('bulk.confirmButton')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
