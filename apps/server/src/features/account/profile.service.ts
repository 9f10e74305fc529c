import type { TMyProfile, TProfileBody } from '@lms/contracts/account';
import type { TCurrentUser } from '@lms/contracts/auth';
import type { AppDeps } from '../../platform/deps';
import { unauthorized } from '../../platform/errors';
import type { Actor } from '../../platform/session';
import { coordinatedGroups } from '../groups';
import { presentOneUser, presentCurrentUser, findUserById, updateUserFields } from '../users';

/** "My data" on /account. */
export async function myProfile(deps: AppDeps, actor: Actor): Promise<TMyProfile> {
  const row = (await findUserById(deps.db, actor.clientId, actor.userId)) ?? unauthorized('session_expired');
  const u = await presentOneUser(deps.db, actor.clientId, row);
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    username: u.username,
    personnelNumber: u.personnelNumber,
    locale: u.locale,
    companyName: u.companyName,
    gender: u.gender,
    birthday: u.birthday,
    street: u.street,
    city: u.city,
    hiredSince: u.hiredSince,
    groups: u.groups,
    externallyManaged: u.externallyManaged,
    hasProfilePicture: u.hasProfilePicture,
    digest: {
      offered: (await coordinatedGroups(deps.db, actor.clientId, actor.userId)).length > 0,
      enabled: row.is_digest_enabled,
    },
  };
}

/** POST /user: the few things users change about themselves; everything else goes through a change request. */
export async function updateProfile(deps: AppDeps, actor: Actor, body: TProfileBody): Promise<TCurrentUser> {
  const fields = {
    ...(body.locale ? { locale: body.locale } : {}),
    ...(body.welcomeDialogSeen !== undefined ? { is_welcome_dialog_seen: body.welcomeDialogSeen } : {}),
    ...(body.digestEnabled !== undefined ? { is_digest_enabled: body.digestEnabled } : {}),
  };
  if (Object.keys(fields).length > 0) await updateUserFields(deps.db, actor.clientId, actor.userId, fields);
  const row = (await findUserById(deps.db, actor.clientId, actor.userId)) ?? unauthorized('session_expired');
  return presentCurrentUser(row);
}
