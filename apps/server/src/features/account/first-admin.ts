import { LOGIN_TYPES } from '@lms/contracts/roles';
import type { DomainEvents } from '../../platform/events';
import { newId, nowIso } from '../../platform/ids';
import { insertUsers, normaliseLogin } from '../users';
import { sendActivationMails } from './account-invite';

/**
 * Issue 11 point 6: a new client gets its first ADMIN by an activation mail (DECISIONS "initial password": a user
 * created without a password gets a 24-hour /init-password link, built from the new client's platform domain).
 * Runs inside the transaction that creates the client: the clients feature publishes client.created there.
 */
export async function createFirstAdmin({ trx, config, client }: DomainEvents['client.created']): Promise<void> {
  const { admin, supportEmail } = client;
  const id = newId();
  const now = nowIso();
  await insertUsers(trx, [
    {
      id,
      client_id: client.id,
      email: admin.email,
      email_normalized: normaliseLogin(admin.email),
      first_name: admin.firstName,
      last_name: admin.lastName,
      role: 'ADMIN',
      locale: admin.locale,
      is_active: true,
      login_type: LOGIN_TYPES.EMAIL,
      is_password_change_required: false,
      is_welcome_dialog_seen: false,
      created_at: now,
      updated_at: now,
    },
  ]);
  await sendActivationMails(
    trx,
    config,
    { id: client.id, name: client.name, supportEmail, platformDomain: client.platformDomain },
    [{ id, email: admin.email, first_name: admin.firstName, last_name: admin.lastName, locale: admin.locale }],
  );
}
