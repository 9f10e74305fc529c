import { LOGIN_TYPES } from '@lms/contracts/roles';
import type { z } from 'zod';
import type { ZCreateClientBody } from '@lms/contracts/client-admin';
import type { Config } from '../../config';
import type { DbOrTrx } from '../../db/database';
import { newId, nowIso } from '../../platform/ids';
import { sendActivationMails } from '../account/account-invite';
import { insertUsers, normaliseLogin } from '../users/user-accounts.service';

interface NewClient {
  id: string;
  name: string;
  platformDomain: string;
  body: z.output<typeof ZCreateClientBody>;
}

/**
 * Issue 11 point 6: a new client gets its first ADMIN by an activation mail (DECISIONS "initial password": a user
 * created without a password gets a 24-hour /init-password link, built from the new client's platform domain).
 * Runs inside the transaction that creates the client.
 */
export async function createFirstAdmin(
  trx: DbOrTrx,
  config: Pick<Config, 'port' | 'appSecret'>,
  client: NewClient,
): Promise<string> {
  const { admin, supportEmail } = client.body;
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
    { id: client.id, name: client.name, supportEmail: supportEmail ?? null, platformDomain: client.platformDomain },
    [{ id, email: admin.email, first_name: admin.firstName, last_name: admin.lastName, locale: admin.locale }],
  );
  return id;
}
