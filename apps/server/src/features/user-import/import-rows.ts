import type { TLocale } from '@lms/contracts/constants';
import type { TRole } from '@lms/contracts/roles';
import { ZUsername, type TGender, type TImportIssue, type TUserCsvField } from '@lms/contracts/users';
import { z } from 'zod';
import { GROUP_SEPARATOR } from '../users';
import {
  parseActive,
  parseDate,
  parseGender,
  parseLocale,
  parsePassword,
  parseRole,
  type ImportPassword,
  type Parsed,
} from './import-fields';

/** One data row, read through the column mapping. */
export interface ImportCandidate {
  row: number;
  firstName: string;
  lastName: string;
  email: string | null;
  username: string | null;
  personnelNumber: string | null;
  password: ImportPassword;
  locale: TLocale | null;
  company: string | null;
  gender: TGender | null;
  birthday: string | null;
  street: string | null;
  city: string | null;
  hiredSince: string | null;
  active: boolean | null;
  activeFrom: string | null;
  activeTo: string | null;
  role: TRole | null;
  groups: string[];
}

const ZMail = z.string().email().max(254);
const MAX_LENGTH: Partial<Record<TUserCsvField, number>> = {
  firstName: 100,
  lastName: 100,
  personnelNumber: 50,
  company: 200,
  street: 200,
  city: 100,
  password: 256,
};

export type RowResult = { ok: true; candidate: ImportCandidate } | { ok: false; issue: TImportIssue };

/** Reads one row; the first broken rule is its issue (the report names one reason per row). */
export function readRow(cells: readonly string[], mapping: readonly (TUserCsvField | null)[], row: number): RowResult {
  const cell = (field: TUserCsvField): string => {
    const i = mapping.indexOf(field);
    return i < 0 ? '' : (cells[i] ?? '');
  };
  const text = (field: TUserCsvField) => cell(field).trim() || null;
  const fail = (field: TUserCsvField | null, code: TImportIssue['code']): RowResult => ({
    ok: false,
    issue: { row, field, code },
  });

  for (const [field, max] of Object.entries(MAX_LENGTH) as [TUserCsvField, number][])
    if (cell(field).length > max) return fail(field, 'value_too_long');
  const firstName = text('firstName');
  const lastName = text('lastName');
  if (!firstName || !lastName) return fail(firstName ? 'lastName' : 'firstName', 'name_missing');
  const email = text('email')?.toLowerCase() ?? null;
  const username = text('username');
  if (!email && !username) return fail('email', 'login_missing');
  if (email && !ZMail.safeParse(email).success) return fail('email', 'email_invalid');
  if (username && !ZUsername.safeParse(username).success) return fail('username', 'username_invalid');

  const parsed: [TUserCsvField, Parsed<unknown>, TImportIssue['code']][] = [
    ['password', parsePassword(cell('password')), 'password_hash_invalid'],
    ['locale', parseLocale(cell('locale')), 'locale_invalid'],
    ['gender', parseGender(cell('gender')), 'gender_invalid'],
    ['birthday', parseDate(cell('birthday')), 'date_invalid'],
    ['hiredSince', parseDate(cell('hiredSince')), 'date_invalid'],
    ['activeFrom', parseDate(cell('activeFrom')), 'date_invalid'],
    ['activeTo', parseDate(cell('activeTo')), 'date_invalid'],
    ['active', parseActive(cell('active')), 'active_invalid'],
    ['role', parseRole(cell('role')), 'role_invalid'],
  ];
  const values: Partial<Record<TUserCsvField, unknown>> = {};
  for (const [field, result, code] of parsed) {
    if (!result.ok) return fail(field, result.code ?? code);
    values[field] = result.value;
  }
  if (values.activeFrom && values.activeTo && (values.activeFrom as string) > (values.activeTo as string))
    return fail('activeTo', 'date_invalid');

  return {
    ok: true,
    candidate: {
      row,
      firstName,
      lastName,
      email,
      username,
      personnelNumber: text('personnelNumber'),
      password: values.password as ImportPassword,
      locale: values.locale as TLocale | null,
      company: text('company'),
      gender: values.gender as TGender | null,
      birthday: values.birthday as string | null,
      street: text('street'),
      city: text('city'),
      hiredSince: values.hiredSince as string | null,
      active: values.active as boolean | null,
      activeFrom: values.activeFrom as string | null,
      activeTo: values.activeTo as string | null,
      role: values.role as TRole | null,
      groups: cell('groups')
        .split(GROUP_SEPARATOR)
        .map((g) => g.trim())
        .filter(Boolean),
    },
  };
}
