import { DEFAULT_LOCALE, type TLocale } from '@lms/contracts/constants';
import type { TRole } from '@lms/contracts/roles';
import type { TCreateUserBody, TGender, TUpdateUserBody, TUser } from '@lms/contracts/users';

/** The form's values as the inputs hold them (strings, '' for empty). */
export interface UserDraft {
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  personnelNumber: string;
  password: string;
  locale: TLocale;
  companyId: string;
  gender: TGender | '';
  birthday: string;
  street: string;
  city: string;
  hiredSince: string;
  active: boolean;
  activeFrom: string;
  activeTo: string;
  groupIds: string[];
  role: TRole;
  sendActivationMail: boolean;
}

export const emptyDraft = (locale: TLocale = DEFAULT_LOCALE): UserDraft => ({
  firstName: '',
  lastName: '',
  email: '',
  username: '',
  personnelNumber: '',
  password: '',
  locale,
  companyId: '',
  gender: '',
  birthday: '',
  street: '',
  city: '',
  hiredSince: '',
  active: true,
  activeFrom: '',
  activeTo: '',
  groupIds: [],
  role: 'PARTICIPANT',
  sendActivationMail: true,
});

export const draftOf = (u: TUser): UserDraft => ({
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email ?? '',
  username: u.username ?? '',
  personnelNumber: u.personnelNumber ?? '',
  password: '',
  locale: u.locale,
  companyId: u.companyId ?? '',
  gender: u.gender ?? '',
  birthday: u.birthday ?? '',
  street: u.street ?? '',
  city: u.city ?? '',
  hiredSince: u.hiredSince ?? '',
  active: u.active,
  activeFrom: u.activeFrom ?? '',
  activeTo: u.activeTo ?? '',
  groupIds: u.groups.map((g) => g.id),
  role: u.role,
  sendActivationMail: false,
});

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

/** The fields both create and update send; the server treats empty values as "none". */
function common(d: UserDraft) {
  return {
    firstName: d.firstName.trim(),
    lastName: d.lastName.trim(),
    email: orNull(d.email),
    username: orNull(d.username),
    personnelNumber: orNull(d.personnelNumber),
    locale: d.locale,
    companyId: orNull(d.companyId),
    gender: d.gender === '' ? null : d.gender,
    birthday: orNull(d.birthday),
    street: orNull(d.street),
    city: orNull(d.city),
    hiredSince: orNull(d.hiredSince),
    active: d.active,
    activeFrom: orNull(d.activeFrom),
    activeTo: orNull(d.activeTo),
    groupIds: d.groupIds,
  };
}

export const createBody = (d: UserDraft, mayChangeRole: boolean): Partial<TCreateUserBody> => ({
  ...common(d),
  ...(mayChangeRole ? { role: d.role } : {}),
  password: orNull(d.password),
  sendActivationMail: d.sendActivationMail,
});

/** An externally managed user: only the role may change (spec section 6), so only the role is sent. */
export function updateBody(d: UserDraft, original: TUser, mayChangeRole: boolean): TUpdateUserBody {
  const role = mayChangeRole && d.role !== original.role ? { role: d.role } : {};
  if (original.externallyManaged) return role;
  return { ...common(d), ...role, ...(d.password ? { password: d.password } : {}) };
}
