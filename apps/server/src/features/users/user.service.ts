import { LOGIN_TYPES, RESELLER_ROLES, type TRole } from '@lms/contracts/roles';
import type { TCreateUserBody, TUpdateUserBody, TUser, TUserListQuery, TUserPage } from '@lms/contracts/users';
import type { Insertable, Updateable } from 'kysely';
import type { DbOrTrx, UsersTable } from '../../db/database';
import { audit, auditWhoOf } from '../../platform/audit/audit-actor';
import type { AppDeps } from '../../platform/deps';
import { publish } from '../../platform/events';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import { hashPassword } from '../../platform/passwords';
import { endUserSessions, type Actor } from '../../platform/session';
import type { Tenant } from '../../platform/tenant';
import { isResellerClient } from '../clients';
import { assertPasswordAcceptable } from '../../platform/password-policy';
import { applyGroupChange, checkNewUserGroups, planGroupChange } from '../groups';
import { lastAccountMailFailure } from '../mail';
import { assertUnchangedExceptRole } from './user-external';
import { listUserPage } from './user-list';
import { presentOneUser, presentUserRows } from './user-present';
import { assertNotHigherRank, assertNotOwnStatus, assertRoleChange } from './user-rules';
import { findUserInScope } from './user-find';
import { resolveUserScope, isGroupScoped, type UserScope } from './user-scope';
import {
  findCompany,
  findLoginClash,
  insertUsers,
  listCompanies,
  normaliseLogin,
  saveUserFields,
  type UserRow,
} from './user.repository';

export async function listUsers(deps: AppDeps, actor: Actor, query: TUserListQuery): Promise<TUserPage> {
  const scope = await resolveUserScope(deps, actor);
  const { rows, total, totalCapped } = await listUserPage(deps.db, scope, query);
  const items = await presentUserRows(deps.db, actor.clientId, rows);
  return { items, total, totalCapped, page: query.page, pageSize: query.pageSize };
}

export async function getUser(deps: AppDeps, actor: Actor, id: string): Promise<TUser> {
  const scope = await resolveUserScope(deps, actor);
  const row = await findUserInScope(deps.db, scope, id);
  const user = await presentOneUser(deps.db, actor.clientId, row);
  return { ...user, accountMailFailure: await lastAccountMailFailure(deps.db, actor.clientId, row.email) };
}

/** Active-from must not lie after active-to. */
function assertWindow(from: string | null | undefined, to: string | null | undefined): void {
  if (from && to && from > to)
    badRequest('validation_failed', { fields: [{ field: 'body.activeTo', message: 'before activeFrom' }] });
}

/** Takes the caller's transaction when there is one: a query beside it would wait forever on SQLite. */
async function assertCompany(db: DbOrTrx, clientId: string, companyId: string | null | undefined) {
  if (companyId && !(await findCompany(db, clientId, companyId))) notFound('company');
}

/** DECISIONS "Clients": the reseller roles exist only in reseller clients (400 with its own code). */
async function assertRoleExistsInClient(db: DbOrTrx, clientId: string, role: TRole | undefined): Promise<void> {
  if (role && RESELLER_ROLES.includes(role) && !(await isResellerClient(db, clientId)))
    badRequest('reseller_role_needs_reseller_client');
}

const loginTypeFor = (email: string | null) => (email ? LOGIN_TYPES.EMAIL : LOGIN_TYPES.USER_NAME);

/** An initial password set by an admin: hashed, and the user must change it at the first login. */
async function initialPasswordFields(
  tenant: Tenant,
  password: string,
  login: { email: string | null; username: string | null },
): Promise<Updateable<UsersTable>> {
  assertPasswordAcceptable(password, { minLength: tenant.minPasswordLength, ...login });
  const hash = await hashPassword(password);
  return { password_hash: hash, initial_password_hash: hash, is_password_change_required: true };
}

export async function createUser(deps: AppDeps, tenant: Tenant, actor: Actor, body: TCreateUserBody): Promise<TUser> {
  const scope = await resolveUserScope(deps, actor);
  if (!body.email && !body.username) badRequest('user_login_required');
  if (isGroupScoped(scope) && body.groupIds.length === 0) badRequest('group_required');
  assertRoleChange(actor, null, body.role);
  await assertRoleExistsInClient(deps.db, actor.clientId, body.role);
  assertWindow(body.activeFrom, body.activeTo);
  await assertCompany(deps.db, actor.clientId, body.companyId);
  const login = { email: body.email, username: body.username };
  const password = body.password ? await initialPasswordFields(tenant, body.password, login) : {};
  const now = nowIso();
  const row: Insertable<UsersTable> = {
    id: newId(),
    client_id: actor.clientId,
    email: body.email,
    email_normalized: body.email ? normaliseLogin(body.email) : null,
    username: body.username,
    username_normalized: body.username ? normaliseLogin(body.username) : null,
    first_name: body.firstName,
    last_name: body.lastName,
    personell_number: body.personnelNumber,
    role: body.role,
    locale: body.locale ?? actor.locale,
    company_id: body.companyId,
    gender: body.gender,
    birthday: body.birthday,
    street: body.street,
    city: body.city,
    hired_since: body.hiredSince,
    is_active: body.active,
    active_from: body.activeFrom,
    active_to: body.activeTo,
    login_type: loginTypeFor(body.email),
    is_password_change_required: false,
    is_welcome_dialog_seen: false,
    created_at: now,
    updated_at: now,
    ...password,
  };
  const id = row.id;
  await deps.db.transaction().execute(async (trx) => {
    const clash = await findLoginClash(trx, actor.clientId, login);
    if (clash) conflict(clash);
    const groupIds = await checkNewUserGroups(trx, scope, body.groupIds);
    await insertUsers(trx, [row]);
    await applyGroupChange(trx, actor.clientId, id, { add: groupIds, remove: [] });
    if (!body.password && body.sendActivationMail) {
      // The account feature issues the link and queues the mail, in this transaction.
      await publish('users.activation-requested', {
        trx,
        config: deps.config,
        tenant,
        users: [{ id, email: body.email, first_name: body.firstName, last_name: body.lastName, locale: row.locale }],
      });
    }
    await audit(trx, auditWhoOf(actor), actor.clientId, 'user.created', {
      object: { type: 'user', id },
      subjectUserId: id,
      after: { role: row.role, active: row.is_active, groupIds, loginType: row.login_type },
    });
  });
  return getUser(deps, actor, id);
}

/** Maps the sent fields of an update to columns; fields left out stay as they are. */
function updateFields(body: TUpdateUserBody, current: UserRow): Updateable<UsersTable> {
  const f: Updateable<UsersTable> = {};
  const set = <K extends keyof UsersTable>(key: K, value: UsersTable[K] | undefined) => {
    if (value !== undefined) f[key] = value as never;
  };
  set('first_name', body.firstName);
  set('last_name', body.lastName);
  if (body.email !== undefined) {
    f.email = body.email;
    f.email_normalized = body.email ? normaliseLogin(body.email) : null;
    if (current.login_type === LOGIN_TYPES.EMAIL || current.login_type === LOGIN_TYPES.USER_NAME)
      f.login_type = loginTypeFor(body.email);
  }
  if (body.username !== undefined) {
    f.username = body.username;
    f.username_normalized = body.username ? normaliseLogin(body.username) : null;
  }
  set('personell_number', body.personnelNumber);
  set('locale', body.locale);
  set('company_id', body.companyId);
  set('gender', body.gender);
  set('birthday', body.birthday);
  set('street', body.street);
  set('city', body.city);
  set('hired_since', body.hiredSince);
  set('is_active', body.active);
  set('active_from', body.activeFrom);
  set('active_to', body.activeTo);
  set('role', body.role);
  return f;
}

/**
 * The status is the active flag and the active-from/to window together (isUserActiveOn): moving the window changes
 * the status too. The form sends every field, so only a value that differs from the stored one is a change.
 */
const changesStatus = (body: TUpdateUserBody, current: UserRow): boolean =>
  (body.active !== undefined && body.active !== current.is_active) ||
  (body.activeFrom !== undefined && body.activeFrom !== current.active_from) ||
  (body.activeTo !== undefined && body.activeTo !== current.active_to);

export async function updateUser(
  deps: AppDeps,
  tenant: Tenant,
  actor: Actor,
  id: string,
  body: TUpdateUserBody,
): Promise<TUser> {
  const scope: UserScope = await resolveUserScope(deps, actor);
  await deps.db.transaction().execute(async (trx) => {
    const current = await findUserInScope(trx, scope, id);
    assertNotHigherRank(actor, [current]);
    const external = current.login_type === LOGIN_TYPES.SCIM;
    if (external) await assertUnchangedExceptRole(trx, current, body);
    if (body.role !== undefined && body.role !== current.role) {
      assertRoleChange(actor, current, body.role);
      await assertRoleExistsInClient(trx, actor.clientId, body.role);
    }
    if (changesStatus(body, current)) assertNotOwnStatus(actor, [id]);
    const fields = updateFields(body, current);
    const email = body.email !== undefined ? body.email : current.email;
    const username = body.username !== undefined ? body.username : current.username;
    if (!email && !username) badRequest('user_login_required');
    assertWindow(fields.active_from ?? current.active_from, fields.active_to ?? current.active_to);
    await assertCompany(trx, actor.clientId, body.companyId);
    if (body.email !== undefined || body.username !== undefined) {
      const clash = await findLoginClash(trx, actor.clientId, { email, username }, id);
      if (clash) conflict(clash);
    }
    const change = body.groupIds && !external ? await planGroupChange(trx, scope, id, body.groupIds) : null;
    const password =
      body.password && !external ? await initialPasswordFields(tenant, body.password, { email, username }) : {};
    await saveUserFields(trx, current, { ...fields, ...password });
    if (change) await applyGroupChange(trx, actor.clientId, id, change);
    // Deactivation and a new password end the user's sessions (DECISIONS "sessions").
    if (body.password || (body.active === false && current.is_active)) await endUserSessions(trx, id);
    await auditUserUpdate(trx, actor, current, {
      role: fields.role,
      active: fields.is_active,
      password: !!body.password && !external,
      groups: change,
    });
  });
  return getUser(deps, actor, id);
}

/**
 * The trail of one user update (issue 30 point 3): a role change, a change of the active flag, a password set by
 * someone else and a change of groups are one entry each; other fields are not security matters and write none.
 */
async function auditUserUpdate(
  trx: DbOrTrx,
  actor: Actor,
  current: UserRow,
  changed: {
    role: string | undefined;
    active: boolean | undefined;
    password: boolean;
    groups: { add: readonly string[]; remove: readonly string[] } | null;
  },
): Promise<void> {
  const who = auditWhoOf(actor);
  const about = { object: { type: 'user', id: current.id }, subjectUserId: current.id };
  if (changed.role !== undefined && changed.role !== current.role)
    await audit(trx, who, current.client_id, 'user.role-changed', {
      ...about,
      before: { role: current.role },
      after: { role: changed.role },
    });
  if (changed.active !== undefined && changed.active !== current.is_active)
    await audit(trx, who, current.client_id, changed.active ? 'user.activated' : 'user.deactivated', {
      ...about,
      before: { active: current.is_active },
      after: { active: changed.active },
    });
  if (changed.password)
    await audit(trx, who, current.client_id, 'user.password-changed', { ...about, detail: { how: 'admin' } });
  if (changed.groups && (changed.groups.add.length > 0 || changed.groups.remove.length > 0))
    await audit(trx, who, current.client_id, 'group.membership-changed', {
      ...about,
      detail: { added: changed.groups.add, removed: changed.groups.remove },
    });
}

/** The client's companies, for the company field of the user form. */
export async function listClientCompanies(deps: AppDeps, actor: Actor) {
  const items = await listCompanies(deps.db, actor.clientId);
  return { items: items.sort((a, b) => a.name.localeCompare(b.name)) };
}
