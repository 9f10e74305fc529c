import type { TCurrentUser } from '@lms/contracts/auth';
import type { TLocale } from '@lms/contracts/constants';
import { LOGIN_TYPES, type TLoginType, type TRole } from '@lms/contracts/roles';
import type { TGender, TGroupRef, TUser } from '@lms/contracts/users';
import type { UserRow } from './user.repository';

export const fullName = (u: Pick<UserRow, 'first_name' | 'last_name'>): string =>
  [u.first_name, u.last_name].filter(Boolean).join(' ');

export function presentCurrentUser(u: UserRow): TCurrentUser {
  return {
    id: u.id,
    locale: u.locale as TLocale,
    realName: fullName(u),
    personellNumber: u.personell_number,
    email: u.email,
    role: u.role as TRole,
    username: u.username,
    companyId: u.company_id,
    passwordChangeRequired: u.is_password_change_required,
    clientId: u.client_id,
    welcomeDialogSeen: u.is_welcome_dialog_seen,
    passwordUpdatedAt: u.password_updated_at,
    loginType: u.login_type as TLoginType,
  };
}

export { isUserActiveOn } from '../../platform/active-window';

export const isExternallyManaged = (u: Pick<UserRow, 'login_type'>): boolean => u.login_type === LOGIN_TYPES.SCIM;

/** Spec section 3 "User (admin view)". */
export function presentUser(
  u: UserRow,
  extra: { companyName: string | null; groups: TGroupRef[]; coordinatedGroups: TGroupRef[] },
): TUser {
  return {
    id: u.id,
    firstName: u.first_name,
    lastName: u.last_name,
    email: u.email,
    username: u.username,
    personnelNumber: u.personell_number,
    locale: u.locale as TLocale,
    companyId: u.company_id,
    companyName: extra.companyName,
    gender: u.gender as TGender | null,
    birthday: u.birthday,
    street: u.street,
    city: u.city,
    hiredSince: u.hired_since,
    active: u.is_active,
    activeFrom: u.active_from,
    activeTo: u.active_to,
    lastLoginAt: u.last_login_at,
    groups: extra.groups,
    coordinatedGroups: extra.coordinatedGroups,
    role: u.role as TRole,
    hasProfilePicture: u.profile_picture !== null,
    externallyManaged: isExternallyManaged(u),
    loginType: u.login_type as TLoginType,
    passwordChangeRequired: u.is_password_change_required,
    createdAt: u.created_at,
  };
}
