import { CLIENT_SETTING, type ClientSettingName, type ClientSettingValue } from '@lms/contracts/client-settings';
import type { DbOrTrx } from '../../db/database';
import { nowIso } from '../../platform/ids';

/**
 * One stored setting of a client, or its default when none is stored or the stored value no longer parses.
 * Features read their settings here by name (`readClientSetting(db, clientId, 'auditRetentionDays')`).
 */
export async function readClientSetting<N extends ClientSettingName>(
  db: DbOrTrx,
  clientId: string,
  name: N,
): Promise<ClientSettingValue<N>> {
  const def = CLIENT_SETTING[name];
  const row = await db
    .selectFrom('client_settings')
    .select('value')
    .where('client_id', '=', clientId)
    .where('key', '=', def.key)
    .where('subkey', '=', def.subkey)
    .executeTakeFirst();
  if (!row) return def.default;
  let parsed: unknown;
  try {
    parsed = JSON.parse(row.value);
  } catch {
    return def.default;
  }
  const r = (def.schema as { safeParse: (v: unknown) => { success: boolean; data?: unknown } }).safeParse(parsed);
  return (r.success ? r.data : def.default) as ClientSettingValue<N>;
}

/** Stores one setting (already validated by its schema), in the caller's transaction. */
export async function writeClientSetting<N extends ClientSettingName>(
  trx: DbOrTrx,
  clientId: string,
  name: N,
  value: ClientSettingValue<N>,
): Promise<void> {
  const def = CLIENT_SETTING[name];
  const row = {
    client_id: clientId,
    key: def.key,
    subkey: def.subkey,
    value: JSON.stringify(value),
    updated_at: nowIso(),
  };
  await trx
    .insertInto('client_settings')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['client_id', 'key', 'subkey']).doUpdateSet({ value: row.value, updated_at: row.updated_at }),
    )
    .execute();
}

/** The clients that store a value for a setting (a scheduled job visits only those), a page at a time by id. */
export async function clientIdsWithSetting(
  db: DbOrTrx,
  name: ClientSettingName,
  afterId: string | null,
  limit: number,
): Promise<string[]> {
  const def = CLIENT_SETTING[name];
  let q = db
    .selectFrom('client_settings')
    .select('client_id')
    .where('key', '=', def.key)
    .where('subkey', '=', def.subkey)
    .where('value', '!=', 'null')
    .orderBy('client_id')
    .limit(limit);
  if (afterId) q = q.where('client_id', '>', afterId);
  return (await q.execute()).map((r) => r.client_id);
}
