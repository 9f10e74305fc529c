import type { TChangeRequestBody, TForgotUsernameBody } from '@lms/contracts/account';
import { FORGOT_USERNAME_WINDOW_HOURS, type TLocale } from '@lms/contracts/constants';
import type { AppDeps } from '../../platform/deps';
import { badRequest, conflict, unauthorized } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import type { Actor } from '../../platform/session';
import type { Tenant } from '../../platform/tenant';
import { fullName, findUserById } from '../users';
import { supportLabels } from './support-mail-labels';
import { queueAccountMails } from './account-mail';

/** "Full name" (spec section 5): at least a first and a last name. */
const isFullName = (name: string) => name.trim().split(/\s+/).filter(Boolean).length >= 2;

const lines = (pairs: ReadonlyArray<[string, string | null | undefined]>) =>
  pairs
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');

function supportAddress(tenant: Tenant): string {
  // Without a support e-mail nobody could receive the request: say so rather than drop it.
  return tenant.supportEmail ?? badRequest('mail_send_failed', { reason: 'no_support_email' });
}

/**
 * DECISIONS "forgot username": name (full name required), subject, message (max 2,000 characters) go to the
 * client's support e-mail; one request per name and e-mail per 24 hours, else "maybe already requested".
 */
export async function requestUsername(deps: AppDeps, tenant: Tenant, body: TForgotUsernameBody): Promise<void> {
  if (!isFullName(body.name)) badRequest('forgot_username_name_required');
  const to = supportAddress(tenant);
  const name = body.name.trim().replace(/\s+/g, ' ');
  const key = { name: name.toLowerCase(), email: body.email.toLowerCase() };
  const since = new Date(Date.now() - FORGOT_USERNAME_WINDOW_HOURS * 3_600_000).toISOString();
  await deps.db.transaction().execute(async (trx) => {
    const recent = await trx
      .selectFrom('forgot_username_requests')
      .select('id')
      .where('client_id', '=', tenant.id)
      .where('name_normalized', '=', key.name)
      .where('email_normalized', '=', key.email)
      .where('created_at', '>', since)
      .executeTakeFirst();
    if (recent) conflict('forgot_username_already_requested');
    await trx
      .insertInto('forgot_username_requests')
      .values({
        id: newId(),
        client_id: tenant.id,
        name_normalized: key.name,
        email_normalized: key.email,
        created_at: nowIso(),
      })
      .execute();
    const locale = body.locale ?? 'de-DE';
    const label = supportLabels(locale);
    await queueAccountMails(trx, tenant.id, deps.config.appSecret, [
      {
        kind: 'forgot_username',
        to,
        locale,
        replyTo: body.email,
        values: {
          name,
          details: lines([
            [label.name, name],
            [label.email, body.email],
            [label.subject, body.subject],
            [label.message, body.message],
          ]),
        },
      },
    ]);
  });
}

/** The data-change request form of /account: what the user asks to change, mailed to the support e-mail. */
export async function requestDataChange(deps: AppDeps, tenant: Tenant, actor: Actor, body: TChangeRequestBody) {
  const to = supportAddress(tenant);
  const user = (await findUserById(deps.db, actor.clientId, actor.userId)) ?? unauthorized('session_expired');
  const name = fullName(user);
  const label = supportLabels(user.locale as TLocale);
  const details = lines([
    [label.user, `${name} (${user.email ?? user.username ?? user.id})`],
    [label.personnelNumber, user.personell_number],
    [label.newFirstName, body.firstName],
    [label.newLastName, body.lastName],
    [label.newEmail, body.email],
    [label.newPersonnelNumber, body.personnelNumber],
    [label.newStreet, body.street],
    [label.newCity, body.city],
    [label.message, body.message],
  ]);
  await deps.db.transaction().execute((trx) =>
    queueAccountMails(trx, tenant.id, deps.config.appSecret, [
      {
        kind: 'data_change_request',
        to,
        locale: user.locale as TLocale,
        replyTo: user.email,
        values: { name, firstName: user.first_name, lastName: user.last_name, details },
      },
    ]),
  );
}
