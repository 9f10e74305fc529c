import type { TGroupPerson } from '@lms/contracts/groups';
import { Alert, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDrawer, StackedForm, type EditState } from '../../../components/form-drawer';
import { FormButtons, FormError, useFormSubmit } from '../../../components/form-submit';
import { createGroup, deleteGroup, groupKeys, updateGroup, useGroup } from '../api/groups';
import { userKeys } from '../api/users';
import { notifySuccess } from '../../../lib/notify';
import { ConfirmModal } from '../../../components/confirm-modal';
import { UserPicker } from './user-picker';

export type GroupDrawerState = EditState;

/** Create and edit drawer of /coordination/groups: name, members, coordinators; delete when the group is empty. */
export function GroupDrawer({ state, onClose }: { state: GroupDrawerState; onClose: () => void }) {
  const { t } = useTranslation('users');
  const queryClient = useQueryClient();
  const editId = state?.mode === 'edit' ? state.id : null;
  const loaded = useGroup(editId);
  const group = editId ? loaded.data : undefined;
  const [name, setName] = useState('');
  const [members, setMembers] = useState<TGroupPerson[]>([]);
  const [coordinators, setCoordinators] = useState<TGroupPerson[]>([]);
  const { busy, error, setError, run, submit, fieldError } = useFormSubmit();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const external = group?.externallyManaged ?? false;

  useEffect(() => {
    setError(null);
    setName(group?.name ?? '');
    setMembers(group?.members ?? []);
    setCoordinators(group?.coordinators ?? []);
  }, [state, group, setError]);

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: groupKeys.all });
    await queryClient.invalidateQueries({ queryKey: userKeys.all });
  };

  const save = submit(
    () => (name.trim() ? null : t('form.required')),
    async () => {
      const body = {
        name: name.trim(),
        memberIds: members.map((m) => m.id),
        coordinatorIds: coordinators.map((c) => c.id),
      };
      if (group) await updateGroup(group.id, body);
      else await createGroup(body);
      notifySuccess(t('groups.saved'));
      await refresh();
      onClose();
    },
  );

  // A refusal (e.g. the group still has members) closes the confirmation and shows in the drawer.
  const remove = (id: string) =>
    run(async () => {
      try {
        await deleteGroup(id);
        notifySuccess(t('groups.deleted'));
        await refresh();
      } finally {
        setConfirmDelete(false);
      }
      onClose();
    });

  return (
    <FormDrawer
      opened={state !== null}
      onClose={onClose}
      size="lg"
      title={state?.mode === 'create' ? t('groups.createTitle') : t('groups.editTitle')}
      load={editId ? { isPending: loaded.isPending, label: t('form.loading') } : null}
    >
      {(state?.mode === 'create' || group) && (
        <StackedForm onSubmit={save}>
          {external && (
            <Alert color="blue" variant="light" role="note">
              {t('groups.externalHint')}
            </Alert>
          )}
          <FormError error={error} />
          <TextInput
            label={t('groups.name')}
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            disabled={external}
            error={fieldError('name')}
          />
          <UserPicker
            label={t('groups.members')}
            value={members}
            onChange={setMembers}
            disabled={external}
            error={fieldError('memberIds')}
          />
          <UserPicker
            label={t('groups.coordinators')}
            description={t('groups.coordinatorsHint')}
            value={coordinators}
            onChange={setCoordinators}
            disabled={external}
            error={fieldError('coordinatorIds')}
          />
          {group && group.courses.length > 0 && (
            <Text size="sm">
              {t('groups.courses')}: {group.courses.map((c) => c.title).join(', ')}
            </Text>
          )}
          <FormButtons
            busy={busy}
            onCancel={onClose}
            readOnly={external}
            remove={group && !external ? { label: t('groups.delete'), onClick: () => setConfirmDelete(true) } : null}
          />
        </StackedForm>
      )}
      <ConfirmModal
        opened={confirmDelete}
        onCancel={() => setConfirmDelete(false)}
        title={t('groups.deleteTitle')}
        text={t('groups.deleteConfirm', { name: group?.name ?? '' })}
        confirmLabel={t('groups.delete')}
        color="red"
        busy={busy}
        onConfirm={() => group && void remove(group.id)}
      />
    </FormDrawer>
  );
}
