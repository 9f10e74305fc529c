import { can } from '@lms/contracts/permissions';
import { isSuperadminOnlyRole, ROLES, type TRole } from '@lms/contracts/roles';
import type { TGroupRef, TUser } from '@lms/contracts/users';
import { Alert, Anchor, Badge, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { editLoad, FormDrawer, StackedForm, type EditState } from '../../../components/form-drawer';
import { FormButtons, FormError } from '../../../components/form-submit';
import { isApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';
import { useErrorText } from '../../../lib/error-text';
import { formatDateTime } from '../../../lib/format';
import { useAllGroups } from '../api/groups';
import {
  createUser,
  deleteUserById,
  refreshUsers,
  removePicture,
  updateUser,
  uploadPicture,
  useCompanies,
  useUser,
} from '../api/users';
import { createBody, draftOf, emptyDraft, updateBody, type UserDraft } from './user-draft';
import { UserForm } from './user-form';
import { UserPicture } from './user-picture';
import { notifySuccess } from '../../../lib/notify';
import { ConfirmModal } from '../../../components/confirm-modal';
import { UserGdpr } from './user-gdpr';

export type DrawerState = EditState;

/** Only ADMIN and SUPERADMIN change roles, nobody their own; ADMIN and the reseller roles only a SUPERADMIN. */
function assignableRoles(actorRole: TRole, isSelf: boolean): TRole[] {
  if (isSelf || !can(actorRole, 'users.changeRole')) return [];
  return ROLES.filter((r) => actorRole === 'SUPERADMIN' || !isSuperadminOnlyRole(r));
}

/** Create and edit drawer of /coordination/users. */
export function UserDrawer({ state, onClose }: { state: DrawerState; onClose: () => void }) {
  const { t, i18n } = useTranslation(['users', 'errors']);
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const { user: me } = useAuth();
  const editId = state?.mode === 'edit' ? state.id : null;
  const loaded = useUser(editId);
  const groups = useAllGroups();
  const companies = useCompanies();
  const [draft, setDraft] = useState<UserDraft>(emptyDraft());
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof UserDraft, string>>>({});
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const original: TUser | undefined = editId ? loaded.data : undefined;

  useEffect(() => {
    setError(null);
    setFieldErrors({});
    if (state?.mode === 'create') setDraft(emptyDraft(me?.locale));
    else if (original) setDraft(draftOf(original));
  }, [state, original, me?.locale]);

  const actorRole = me?.role ?? 'PARTICIPANT';
  const isSelf = editId !== null && editId === me?.id;
  const roles = assignableRoles(actorRole, isSelf);
  const groupOptions: TGroupRef[] = [
    ...(groups.data?.items ?? []).map((g) => ({ id: g.id, name: g.name, externallyManaged: g.externallyManaged })),
    ...(original?.groups ?? []).filter((g) => !groups.data?.items.some((x) => x.id === g.id)),
  ];

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const missing: Partial<Record<keyof UserDraft, string>> = {};
    if (!draft.firstName.trim()) missing.firstName = t('form.required');
    if (!draft.lastName.trim()) missing.lastName = t('form.required');
    if (!draft.email.trim() && !draft.username.trim()) missing.email = t('errors:user_login_required');
    setFieldErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setBusy(true);
    try {
      const may = roles.length > 0;
      if (original) await updateUser(original.id, updateBody(draft, original, may));
      else await createUser(createBody(draft, may));
      notifySuccess(t(original ? 'form.saved' : 'form.created'));
      await refreshUsers(queryClient);
      onClose();
    } catch (err) {
      if (isApiError(err) && err.code === 'email_taken') setFieldErrors({ email: errorText(err) });
      if (isApiError(err) && err.code === 'username_taken') setFieldErrors({ username: errorText(err) });
      // A coordinator's new user needs one of their groups: the field says so, not only the text above the form.
      if (isApiError(err) && err.code === 'group_required') setFieldErrors({ groupIds: errorText(err) });
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!original) return;
    setBusy(true);
    try {
      await deleteUserById(original.id);
      notifySuccess(t('form.deleted'));
      await refreshUsers(queryClient);
      setConfirmDelete(false);
      onClose();
    } catch (err) {
      setConfirmDelete(false);
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const title = state?.mode === 'create' ? t('form.createTitle') : t('form.editTitle');
  const deletable = original && !original.externallyManaged && original.id !== me?.id;
  return (
    <FormDrawer
      opened={state !== null}
      onClose={onClose}
      size="xl"
      title={title}
      load={editLoad(editId, loaded, t('form.loading'))}
    >
      {(state?.mode === 'create' || original) && (
        <StackedForm onSubmit={(e) => void save(e)}>
          {original && (
            <Group justify="space-between" align="flex-start">
              <Group>
                <UserPicture user={original} />
                <Stack gap={2}>
                  <Text fw={600}>{`${original.firstName} ${original.lastName}`}</Text>
                  <Text size="sm">
                    {t('fields.lastLogin')}: {formatDateTime(original.lastLoginAt, i18n.language) || t('list.never')}
                  </Text>
                  {can(actorRole, 'reports.read') && (
                    <Anchor component={Link} to={`/reports/record/${original.id}`} size="sm">
                      {t('form.learningRecord')}
                    </Anchor>
                  )}
                  {original.externallyManaged && (
                    <Badge variant="outline" color="gray" c="dark.6">
                      {t('fields.externallyManaged')}
                    </Badge>
                  )}
                </Stack>
              </Group>
              {!original.externallyManaged && <PictureButtons user={original} onError={setError} />}
            </Group>
          )}
          {original?.externallyManaged && (
            <Alert color="blue" variant="light" role="note">
              {t('form.externalHint')}
            </Alert>
          )}
          {original?.accountMailFailure && (
            <Alert color="red" variant="light" role="alert" data-testid="account-mail-failure">
              {t(`form.mailFailure.${original.accountMailFailure.kind}`, {
                date: formatDateTime(original.accountMailFailure.failedAt, i18n.language),
                reason: original.accountMailFailure.reason,
              })}
            </Alert>
          )}
          <FormError error={error} />
          <UserForm
            draft={draft}
            onChange={setDraft}
            mode={original ? 'edit' : 'create'}
            external={original?.externallyManaged ?? false}
            isSelf={isSelf}
            assignableRoles={roles}
            groups={groupOptions}
            companies={companies.data?.items ?? []}
            errors={fieldErrors}
          />
          <FormButtons
            busy={busy}
            onCancel={onClose}
            remove={deletable ? { label: t('form.delete'), onClick: () => setConfirmDelete(true) } : null}
          />
        </StackedForm>
      )}
      {original && !isSelf && can(actorRole, 'users.gdpr') && <UserGdpr user={original} onErased={onClose} />}
      <ConfirmModal
        opened={confirmDelete}
        onCancel={() => setConfirmDelete(false)}
        title={t('form.deleteTitle')}
        text={t('form.deleteConfirm', { name: original ? `${original.firstName} ${original.lastName}` : '' })}
        confirmLabel={t('form.delete')}
        color="red"
        busy={busy}
        onConfirm={() => void remove()}
      />
    </FormDrawer>
  );
}

/** Upload (png, jpg, webp; the server checks the bytes and resizes) and removal of the profile picture. */
function PictureButtons({ user, onError }: { user: TUser; onError: (message: string) => void }) {
  const { t } = useTranslation(['users', 'errors']);
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const act = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await fn();
      await refreshUsers(queryClient);
    } catch (err) {
      onError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group gap="xs">
      <FileButton
        accept="image/png,image/jpeg,image/webp"
        onChange={(f) => f && void act(() => uploadPicture(user.id, f))}
      >
        {(props) => (
          <Button {...props} size="xs" variant="default" loading={busy}>
            {t('form.pictureUpload')}
          </Button>
        )}
      </FileButton>
      {user.hasProfilePicture && (
        <Button
          size="xs"
          variant="subtle"
          c="red.9"
          disabled={busy}
          onClick={() => void act(() => removePicture(user.id))}
        >
          {t('form.pictureRemove')}
        </Button>
      )}
    </Group>
  );
}
