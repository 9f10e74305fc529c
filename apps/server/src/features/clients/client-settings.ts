import type { TClientSettingsAnswer } from '@lms/contracts/client-admin';
import type { DbOrTrx } from '../../db/database';
import type { Actor } from '../../platform/session';

/**
 * Spec section 7 `GET /client-settings?key=&subkey=`: the signed-in user's client's settings, stored one JSON value
 * per (client, key, subkey) in `client_settings` (subkey '' when there is none). Without a subkey every subkey of the
 * key is answered. Nothing secret belongs here: every user of the client may read it.
 */
export async function readClientSettings(
  db: DbOrTrx,
  actor: Actor,
  query: { key: string; subkey?: string | undefined },
): Promise<TClientSettingsAnswer> {
  let q = db
    .selectFrom('client_settings')
    .select(['key', 'subkey', 'value'])
    .where('client_id', '=', actor.clientId)
    .where('key', '=', query.key);
  if (query.subkey !== undefined) q = q.where('subkey', '=', query.subkey);
  const rows = await q.orderBy('subkey').limit(500).execute();
  return { items: rows.map((r) => ({ key: r.key, subkey: r.subkey, value: JSON.parse(r.value) as unknown })) };
}
