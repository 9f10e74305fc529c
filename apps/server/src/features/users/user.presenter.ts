import type { TCurrentUser } from '@lms/contracts/auth';
import type { TLocale } from '@lms/contracts/constants';
import type { TLoginType, TRole } from '@lms/contracts/roles';
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

/** Active flag plus the optional active-from/to window (spec section 3 "User (admin view)"). */
export function isUserActiveOn(u: Pick<UserRow, 'is_active' | 'active_from' | 'active_to'>, today: string): boolean {
  if (!u.is_active) return false;
  if (u.active_from && today < u.active_from) return false;
  if (u.active_to && today > u.active_to) return false;
  return true;
}
