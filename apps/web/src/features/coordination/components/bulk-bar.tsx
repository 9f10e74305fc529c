import { EXPORT_FORMATS, type TExportFormat } from '@lms/contracts/exports';
import { BULK_ACTIONS, type TBulkAction, type TUserSelection } from '@lms/contracts/users';
import { Alert, Button, Group, NativeSelect, Stack, Tooltip } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import { useAllGroups } from '../api/groups';
import { exportSelection, refreshUsers, runBulk } from '../api/users';
import { notifySuccess } from '../../../lib/notify';
import { ConfirmModal } from '../../../components/confirm-modal';

interface Props {
  selection: TUserSelection | null;
  count: number;
  /** The count is the list's capped total (issue 15): there are more than LIST_TOTAL_CAP results. */
  countCapped?: boolean;
  onDone: () => void;
}

const needsGroup = (a: TBulkAction | '') => a === 'addToGroup' || a === 'removeFromGroup';

/**
 * Bulk actions on the selection or on all search results (spec sections 4 and 5). Every action but export asks
 * for confirmation; the server answers its own code when a rule is broken, and then nothing has changed.
 */
export function BulkBar({ selection, count, countCapped = false, onDone }: Props) {
  const { t, i18n } = useTranslation(['users', 'errors', 'exports']);
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const groups = useAllGroups();
  const [action, setAction] = useState<TBulkAction | ''>('');
  const [groupId, setGroupId] = useState('');
  const [format, setFormat] = useState<TExportFormat>('xlsx');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  // An error belongs to the choice it was made for: a new selection, action or group hides it (issue 12).
  const choice = JSON.stringify([selection, action, groupId]);
  const [failure, setFailure] = useState<{ text: string; choice: string } | null>(null);
  const error = failure && failure.choice === choice ? failure.text : null;
  const setError = (text: string | null) => setFailure(text === null ? null : { text, choice });
  const nothingSelected = !selection || count === 0;
  // "Apply" says why it cannot run instead of failing after a click.
  const blocked = nothingSelected
    ? t('bulk.selectFirst')
    : !action
      ? t('errors:no_action_selected')
      : needsGroup(action) && !groupId
        ? t('bulk.noGroup')
        : null;
  const number = new Intl.NumberFormat(i18n.language);
  const shownCount = countCapped ? t('bulk.moreThan', { limit: number.format(count) }) : number.format(count);

  const start = async () => {
    setError(null);
    // The same messages the server's codes carry (spec section 8), before a call that would fail anyway.
    if (!action) return setError(t('errors:no_action_selected'));
    if (!selection || count === 0) return setError(t('errors:no_users_selected'));
    if (needsGroup(action) && !groupId) return setError(t('bulk.noGroup'));
    if (action !== 'export') return setConfirming(true);
    setBusy(true);
    try {
      await exportSelection(selection, format);
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
        {action === 'export' && (
          <NativeSelect
            label={t('exports:format')}
            value={format}
            onChange={(e) => setFormat(e.currentTarget.value as TExportFormat)}
            data={EXPORT_FORMATS.map((f) => ({ value: f, label: t(`exports:${f}`) }))}
          />
        )}
        <Tooltip label={blocked} disabled={!blocked} withArrow>
          <Button
            onClick={(e) => (blocked ? e.preventDefault() : void start())}
            loading={busy && !confirming}
            variant="default"
            data-disabled={blocked ? true : undefined}
            aria-disabled={blocked ? true : undefined}
          >
            {t('bulk.apply', { count, shown: shownCount })}
          </Button>
        </Tooltip>
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
      <ConfirmModal
        opened={confirming}
        onCancel={() => setConfirming(false)}
        title={t('bulk.confirmTitle')}
        text={action && action !== 'export' ? t(`bulk.confirm.${action}`, { count, shown: shownCount }) : ''}
        confirmLabel={t('bulk.confirmButton')}
        color={action === 'delete' ? 'red' : undefined}
        busy={busy}
        onConfirm={() => void run()}
      />
    </Stack>
  );
}
