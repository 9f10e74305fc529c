import { z } from 'zod';
import { ZExportFormat, ZExportQuery } from './exports';
import { ZId, ZIsoDate, ZLocale, ZPageQuery, pageOf } from './common';
import { PASSWORD_MAX_LENGTH } from './constants';
import { ZLoginType, ZRole } from './roles';

/** Spec section 3 "User (admin view)": gender values. */
export const GENDERS = ['men', 'women', 'other'] as const;
export const ZGender = z.enum(GENDERS);
export type TGender = z.infer<typeof ZGender>;

export const USER_STATUSES = ['active', 'inactive'] as const;
export const ZUserStatus = z.enum(USER_STATUSES);

/** Columns the user list sorts by (server-side; DECISIONS "table paging"). */
export const USER_SORTS = [
  'name',
  'email',
  'username',
  'personnelNumber',
  'company',
  /** The alphabetically first of the user's groups (ascending: users in no group last, like other empty values). */
  'group',
  'role',
  'status',
  'lastLogin',
  'createdAt',
] as const;
export const ZUserSort = z.enum(USER_SORTS);
export type TUserSort = z.infer<typeof ZUserSort>;

export const ZGroupRef = z.object({ id: ZId, name: z.string(), externallyManaged: z.boolean() });
export type TGroupRef = z.infer<typeof ZGroupRef>;

/** One row of the user list and the edit drawer. */
/** The newest reset or activation mail to a user's address failed for good (spec section 8). */
export const ZAccountMailFailure = z.object({
  kind: z.enum(['password_reset', 'activation']),
  failedAt: z.string(),
  /** The SMTP answer or error, as the mail queue keeps it. */
  reason: z.string(),
});
export type TAccountMailFailure = z.infer<typeof ZAccountMailFailure>;

export const ZUser = z.object({
  id: ZId,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  username: z.string().nullable(),
  personnelNumber: z.string().nullable(),
  locale: ZLocale,
  companyId: ZId.nullable(),
  companyName: z.string().nullable(),
  gender: ZGender.nullable(),
  birthday: ZIsoDate.nullable(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  hiredSince: ZIsoDate.nullable(),
  active: z.boolean(),
  activeFrom: ZIsoDate.nullable(),
  activeTo: ZIsoDate.nullable(),
  lastLoginAt: z.string().nullable(),
  groups: z.array(ZGroupRef),
  coordinatedGroups: z.array(ZGroupRef),
  role: ZRole,
  hasProfilePicture: z.boolean(),
  externallyManaged: z.boolean(),
  loginType: ZLoginType,
  passwordChangeRequired: z.boolean(),
  createdAt: z.string(),
  /** Only in GET /api/users/{id}: a reset or activation mail that could not be delivered; null when none. */
  accountMailFailure: ZAccountMailFailure.nullable().optional(),
});
export type TUser = z.infer<typeof ZUser>;

/** Search and filters of the user list; `search` matches name, e-mail, username, personnel number, company, group. */
export const ZUserListQuery = ZPageQuery.extend({
  sort: ZUserSort.default('name'),
  role: ZRole.optional(),
  status: ZUserStatus.optional(),
  groupId: ZId.optional(),
  companyId: ZId.optional(),
});
export type TUserListQuery = z.infer<typeof ZUserListQuery>;
export const ZUserFilter = ZUserListQuery.pick({
  search: true,
  role: true,
  status: true,
  groupId: true,
  companyId: true,
});
export type TUserFilter = z.infer<typeof ZUserFilter>;
/** `GET /api/users/export`: the search, and the file's format (CSV when left out). */
export const ZUserExportQuery = ZUserFilter.extend(ZExportQuery.shape);

export const ZUserPage = pageOf(ZUser);
export type TUserPage = z.infer<typeof ZUserPage>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable();

/** Username: letters, digits and . _ - @ (no spaces, so it cannot be mistaken for a name). */
export const ZUsername = z
  .string()
  .trim()
  .min(2)
  .max(100)
  .regex(/^[\p{L}\p{N}._@-]+$/u, 'letters, digits and . _ - @ only');

const userFields = {
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  email: z.string().trim().toLowerCase().email().max(254).nullable(),
  username: ZUsername.nullable(),
  personnelNumber: optionalText(50),
  locale: ZLocale,
  companyId: ZId.nullable(),
  gender: ZGender.nullable(),
  birthday: ZIsoDate.nullable(),
  street: optionalText(200),
  city: optionalText(100),
  hiredSince: ZIsoDate.nullable(),
  active: z.boolean(),
  activeFrom: ZIsoDate.nullable(),
  activeTo: ZIsoDate.nullable(),
  groupIds: z.array(ZId).max(500),
  role: ZRole,
  /** An initial password: the user must change it at the first login (DECISIONS "initial password"). */
  password: z
    .string()
    .min(1)
    .max(PASSWORD_MAX_LENGTH * 4)
    .nullable(),
};

/** Empty strings from forms mean "no value". */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const nullableInput = <T extends z.ZodType>(s: T) => z.preprocess(blankToNull, s);

export const ZCreateUserBody = z.object({
  firstName: userFields.firstName,
  lastName: userFields.lastName,
  email: nullableInput(userFields.email).optional().default(null),
  username: nullableInput(userFields.username).optional().default(null),
  personnelNumber: userFields.personnelNumber.optional().default(null),
  locale: userFields.locale.optional(),
  companyId: nullableInput(userFields.companyId).optional().default(null),
  gender: nullableInput(userFields.gender).optional().default(null),
  birthday: nullableInput(userFields.birthday).optional().default(null),
  street: userFields.street.optional().default(null),
  city: userFields.city.optional().default(null),
  hiredSince: nullableInput(userFields.hiredSince).optional().default(null),
  active: userFields.active.default(true),
  activeFrom: nullableInput(userFields.activeFrom).optional().default(null),
  activeTo: nullableInput(userFields.activeTo).optional().default(null),
  groupIds: userFields.groupIds.default([]),
  role: userFields.role.default('PARTICIPANT'),
  password: nullableInput(userFields.password).optional().default(null),
  /** Without a password, an activation mail goes to the e-mail address (DECISIONS "initial password"). */
  sendActivationMail: z.boolean().default(true),
});
export type TCreateUserBody = z.infer<typeof ZCreateUserBody>;

/** Partial update: only the fields sent change. */
export const ZUpdateUserBody = z.object({
  firstName: userFields.firstName.optional(),
  lastName: userFields.lastName.optional(),
  email: nullableInput(userFields.email).optional(),
  username: nullableInput(userFields.username).optional(),
  personnelNumber: userFields.personnelNumber.optional(),
  locale: userFields.locale.optional(),
  companyId: nullableInput(userFields.companyId).optional(),
  gender: nullableInput(userFields.gender).optional(),
  birthday: nullableInput(userFields.birthday).optional(),
  street: userFields.street.optional(),
  city: userFields.city.optional(),
  hiredSince: nullableInput(userFields.hiredSince).optional(),
  active: userFields.active.optional(),
  activeFrom: nullableInput(userFields.activeFrom).optional(),
  activeTo: nullableInput(userFields.activeTo).optional(),
  groupIds: userFields.groupIds.optional(),
  role: userFields.role.optional(),
  password: nullableInput(userFields.password).optional(),
});
export type TUpdateUserBody = z.infer<typeof ZUpdateUserBody>;

/** A selection is either explicit ids or "all results of this search" (spec section 4: toggled in bulk). */
export const ZUserSelection = z.union([
  z.object({ ids: z.array(ZId).max(10_000) }),
  z.object({ all: z.literal(true), filter: ZUserFilter }),
]);
export type TUserSelection = z.infer<typeof ZUserSelection>;

export const BULK_ACTIONS = [
  'activate',
  'deactivate',
  'delete',
  'addToGroup',
  'removeFromGroup',
  'sendPasswordReset',
  'export',
] as const;
export const ZBulkAction = z.enum(BULK_ACTIONS);
export type TBulkAction = z.infer<typeof ZBulkAction>;

/** Action and selection are optional in the schema so that a missing one answers its own code (spec section 8). */
export const ZBulkBody = z.object({
  action: ZBulkAction.nullable().optional(),
  selection: ZUserSelection.nullable().optional(),
  groupId: ZId.optional(),
  /** The export's file: CSV (the default) or XLSX (issue 31 point 3). */
  format: ZExportFormat.optional(),
});
export type TBulkBody = z.infer<typeof ZBulkBody>;

export const ZBulkResult = z.object({ action: ZBulkAction, affected: z.number().int() });
export type TBulkResult = z.infer<typeof ZBulkResult>;

export const ZDeleteUsersBody = z.object({ ids: z.array(ZId).max(10_000) });
export const ZSetActiveBody = z.object({ ids: z.array(ZId).max(10_000), active: z.boolean() });
export const ZUserList = z.object({ items: z.array(ZUser) });

export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const PROFILE_PICTURE_SIZE = 256;

// CSV import and export (DECISIONS "CSV"). Columns use these keys; the import maps any header onto them.
export const USER_CSV_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'username',
  'personnelNumber',
  'password',
  'locale',
  'company',
  'gender',
  'birthday',
  'street',
  'city',
  'hiredSince',
  'active',
  'activeFrom',
  'activeTo',
  'role',
  'groups',
  'lastLogin',
] as const;
export const ZUserCsvField = z.enum(USER_CSV_FIELDS);
export type TUserCsvField = z.infer<typeof ZUserCsvField>;

/** Why a row was skipped or failed; the web app translates each. */
export const IMPORT_ISSUE_CODES = [
  'email_taken',
  'username_taken',
  'duplicate_in_file',
  'name_missing',
  'login_missing',
  'email_invalid',
  'username_invalid',
  'date_invalid',
  'locale_invalid',
  'gender_invalid',
  'active_invalid',
  'role_invalid',
  'role_not_allowed',
  'group_unknown',
  'group_not_allowed',
  'group_required',
  'password_hash_invalid',
  'password_hash_cost',
  'password_rule',
  'value_too_long',
] as const;
export const ZImportIssueCode = z.enum(IMPORT_ISSUE_CODES);
export type TImportIssueCode = z.infer<typeof ZImportIssueCode>;

/** `row` counts data rows from 1 (the header is row 0). */
export const ZImportIssue = z.object({
  row: z.number().int(),
  field: ZUserCsvField.nullable(),
  code: ZImportIssueCode,
});
export type TImportIssue = z.infer<typeof ZImportIssue>;

export const ZImportMapping = z.array(ZUserCsvField.nullable()).max(100);

export const ZImportPreview = z.object({
  id: ZId,
  fileName: z.string(),
  delimiter: z.string(),
  headers: z.array(z.string()),
  mapping: ZImportMapping,
  rows: z.array(z.array(z.string())),
  rowCount: z.number().int(),
  /** Rows that would be imported, and rows that would be skipped (duplicates) or refused (invalid). */
  validCount: z.number().int(),
  issues: z.array(ZImportIssue),
  issueCount: z.number().int(),
});
export type TImportPreview = z.infer<typeof ZImportPreview>;

export const ZImportMappingBody = z.object({ mapping: ZImportMapping });

export const ZImportRunBody = z.object({
  mapping: ZImportMapping,
  /** Every imported user also joins these groups (a coordinator must name one of theirs). */
  groupIds: z.array(ZId).max(100).default([]),
  /** Rows without a password get an activation mail (DECISIONS "initial password"). */
  sendActivationMail: z.boolean().default(true),
});
export type TImportRunBody = z.infer<typeof ZImportRunBody>;

export const IMPORT_STATUSES = ['uploaded', 'running', 'done', 'failed'] as const;
export const ZImportStatus = z.object({
  id: ZId,
  status: z.enum(IMPORT_STATUSES),
  jobId: ZId.nullable(),
  total: z.number().int(),
  done: z.number().int(),
  created: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  error: z.string().nullable(),
});
export type TImportStatus = z.infer<typeof ZImportStatus>;

/** Companies of the client, for the company field of the user form. */
export const ZCompanyList = z.object({ items: z.array(z.object({ id: ZId, name: z.string() })) });
