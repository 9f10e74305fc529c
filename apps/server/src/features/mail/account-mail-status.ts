import type { TAccountMailFailure } from '@lms/contracts/users';
import type { DbOrTrx } from '../../db/database';

/** The mails that give a person access: without them they cannot set a password. */
const ACCOUNT_MAIL_KINDS = ['password_reset', 'activation'] as const;

/**
 * Spec section 8 "password reset mail failure": the forgot-password page cannot say that a mail did not arrive (its
 * answer is the same whether or not the account exists), so the failure shows where an admin looks after the
 * person: the user's record. Answers the failure when the newest reset or activation mail to the address failed
 * for good; null when it was delivered, is still being tried, or there was none.
 */
export async function lastAccountMailFailure(
  db: DbOrTrx,
  clientId: string,
  address: string | null,
): Promise<TAccountMailFailure | null> {
  if (!address) return null;
  const last = await db
    .selectFrom('mail_queue')
    .select(['template_kind', 'status', 'updated_at', 'last_error'])
    .where('client_id', '=', clientId)
    .where('to_address_normalized', '=', address.trim().toLowerCase())
    .where('template_kind', 'in', ACCOUNT_MAIL_KINDS)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (last?.status !== 'failed') return null;
  return {
    kind: last.template_kind === 'activation' ? 'activation' : 'password_reset',
    failedAt: last.updated_at,
    reason: (last.last_error ?? '').slice(0, 500),
  };
}
