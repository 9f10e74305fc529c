import { TOKEN_LINK_VALID_HOURS } from '@lms/contracts/constants';
import type { TTokenPurpose } from '@lms/contracts/account';
import type { DbOrTrx } from '../../db/database';
import { newId, newSecretToken, nowIso } from '../../platform/ids';
import { revealSecret, SecretText } from '../../platform/secret-text';
import { hashToken } from '../../platform/session';

/**
 * DECISIONS "reset and activation links": a random token, stored only as its SHA-256, single use, valid 24 hours.
 * A new link replaces the user's older unused links of the same purpose. The token comes as a SecretText: it turns
 * into `…` wherever it is written as text, so it reaches only the delivered mail (send-templated-mail.ts).
 */
export async function issueLinkToken(
  db: DbOrTrx,
  clientId: string,
  userId: string,
  purpose: TTokenPurpose,
  now = new Date(),
): Promise<SecretText> {
  const token = SecretText.of(newSecretToken());
  await db
    .deleteFrom('user_tokens')
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('user_tokens')
    .values({
      id: newId(),
      client_id: clientId,
      user_id: userId,
      purpose,
      token_hash: hashToken(revealSecret(token)),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + TOKEN_LINK_VALID_HOURS * 3_600_000).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

/** Many links at once (an import's activation mails): one insert per chunk. */
export async function issueLinkTokens(
  db: DbOrTrx,
  clientId: string,
  userIds: readonly string[],
  purpose: TTokenPurpose,
): Promise<Map<string, SecretText>> {
  const now = new Date();
  const expires = new Date(now.getTime() + TOKEN_LINK_VALID_HOURS * 3_600_000).toISOString();
  const out = new Map<string, SecretText>();
  const rows = userIds.map((userId) => {
    const token = newSecretToken();
    out.set(userId, SecretText.of(token));
    return {
      id: newId(),
      client_id: clientId,
      user_id: userId,
      purpose,
      token_hash: hashToken(token),
      created_at: now.toISOString(),
      expires_at: expires,
      used_at: null,
    };
  });
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('user_tokens')
      .values(rows.slice(i, i + 500))
      .execute();
  return out;
}

export const findUsableLinkToken = (db: DbOrTrx, clientId: string, token: string, purpose: TTokenPurpose) =>
  db
    .selectFrom('user_tokens')
    .select(['id', 'user_id'])
    .where('client_id', '=', clientId)
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso())
    .executeTakeFirst();

/** Whether the token is one that was used (not only expired or unknown). */
export const isLinkTokenUsed = async (db: DbOrTrx, clientId: string, token: string, purpose: TTokenPurpose) =>
  (await db
    .selectFrom('user_tokens')
    .select('id')
    .where('client_id', '=', clientId)
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is not', null)
    .executeTakeFirst()) !== undefined;

export const isLinkTokenUsable = async (db: DbOrTrx, clientId: string, token: string, purpose: TTokenPurpose) =>
  (await findUsableLinkToken(db, clientId, token, purpose)) !== undefined;

/**
 * Marks the token used and answers its user, or undefined when it is unknown, expired or used. The update is
 * conditional on `used_at is null`, so two parallel uses cannot both succeed.
 */
export async function consumeLinkToken(
  db: DbOrTrx,
  clientId: string,
  token: string,
  purpose: TTokenPurpose,
): Promise<string | undefined> {
  const row = await findUsableLinkToken(db, clientId, token, purpose);
  if (!row) return undefined;
  const res = await db
    .updateTable('user_tokens')
    .set({ used_at: nowIso() })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1 ? row.user_id : undefined;
}

/** True when the user got a link of this purpose within the last `seconds`. */
export async function hasRecentLinkToken(
  db: DbOrTrx,
  clientId: string,
  userId: string,
  purpose: TTokenPurpose,
  seconds: number,
): Promise<boolean> {
  const since = new Date(Date.now() - seconds * 1000).toISOString();
  const row = await db
    .selectFrom('user_tokens')
    .select('id')
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return row !== undefined;
}

/** A new password makes every open link of the user useless. */
export async function revokeLinkTokens(db: DbOrTrx, clientId: string, userId: string): Promise<void> {
  await db
    .deleteFrom('user_tokens')
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}
