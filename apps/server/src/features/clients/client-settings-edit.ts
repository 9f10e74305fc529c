import {
  CLIENT_SETTING,
  CLIENT_SETTING_NAMES,
  CLIENT_SETTINGS_BY_PATH,
  clientSettingPath,
  type ClientSettingName,
  type TClientSettingValues,
  type TSaveClientSettingsBody,
} from '@lms/contracts/client-settings';
import type { DbOrTrx } from '../../db/database';
import { audit, auditWhoOf } from '../../platform/audit/audit-actor';
import type { AppDeps } from '../../platform/deps';
import { badRequest } from '../../platform/errors';
import type { Actor } from '../../platform/session';
import { assertMayActOnClient } from './client-scope';
import { readClientSetting, writeClientSetting } from './client-setting-values';

type Values = Map<ClientSettingName, unknown>;

async function readAll(db: DbOrTrx, clientId: string): Promise<{ values: Values; stored: Set<string> }> {
  const rows = await db
    .selectFrom('client_settings')
    .select(['key', 'subkey'])
    .where('client_id', '=', clientId)
    .execute();
  const stored = new Set(rows.map((r) => clientSettingPath(r.key, r.subkey)));
  const values: Values = new Map();
  for (const name of CLIENT_SETTING_NAMES) values.set(name, await readClientSetting(db, clientId, name));
  return { values, stored };
}

const present = ({ values, stored }: { values: Values; stored: Set<string> }): TClientSettingValues => ({
  items: CLIENT_SETTING_NAMES.map((name) => {
    const d = CLIENT_SETTING[name];
    return {
      name,
      key: d.key,
      subkey: d.subkey,
      value: values.get(name),
      default: d.default,
      stored: stored.has(clientSettingPath(d.key, d.subkey)),
    };
  }),
});

/** `GET /api/client/{id}/settings`: every registered setting of the client, stored or default. */
export async function getClientSettingValues(deps: AppDeps, actor: Actor, clientId: string) {
  await assertMayActOnClient(deps.db, actor, 'clients.settings', clientId, 'read');
  return present(await readAll(deps.db, clientId));
}

const NAME_BY_PATH: ReadonlyMap<string, ClientSettingName> = new Map(
  CLIENT_SETTING_NAMES.map((n) => [clientSettingPath(CLIENT_SETTING[n].key, CLIENT_SETTING[n].subkey), n]),
);

/**
 * `PUT /api/client/{id}/settings`: stores the given settings, each checked against its registered schema (an unknown
 * (key, subkey) or a value its schema refuses is a 400 naming it), and the rules between them. One transaction, and
 * one audit entry with the values before and after of what changed.
 */
export async function saveClientSettingValues(
  deps: AppDeps,
  actor: Actor,
  clientId: string,
  body: TSaveClientSettingsBody,
): Promise<TClientSettingValues> {
  await assertMayActOnClient(deps.db, actor, 'clients.settings', clientId, 'write');
  const incoming = new Map<ClientSettingName, unknown>();
  for (const [i, item] of body.items.entries()) {
    const path = clientSettingPath(item.key, item.subkey);
    const def = CLIENT_SETTINGS_BY_PATH.get(path);
    const name = NAME_BY_PATH.get(path);
    if (!def || !name) return badRequest('validation_failed', { field: `items.${i}`, reason: 'unknown_setting', path });
    const parsed = def.schema.safeParse(item.value);
    if (!parsed.success)
      return badRequest('validation_failed', { field: `items.${i}.value`, path, issues: parsed.error.issues });
    incoming.set(name, parsed.data);
  }
  return deps.db.transaction().execute(async (trx) => {
    const current = await readAll(trx, clientId);
    const next: Values = new Map([...current.values, ...incoming]);
    const deactivate = next.get('inactiveDeactivateMonths') as number | null;
    const erase = next.get('inactiveEraseMonths') as number | null;
    // An erasure before the deactivation would erase an account nobody was warned would be closed.
    if (deactivate !== null && erase !== null && erase < deactivate)
      badRequest('validation_failed', { field: 'inactiveEraseMonths', reason: 'before_deactivation' });
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const [name, value] of incoming) {
      const path = clientSettingPath(CLIENT_SETTING[name].key, CLIENT_SETTING[name].subkey);
      if (JSON.stringify(current.values.get(name)) === JSON.stringify(value) && current.stored.has(path)) continue;
      await writeClientSetting(trx, clientId, name, value as never);
      current.stored.add(path);
      if (JSON.stringify(current.values.get(name)) !== JSON.stringify(value)) {
        before[path] = current.values.get(name) ?? null;
        after[path] = value;
      }
    }
    if (Object.keys(after).length > 0)
      await audit(trx, auditWhoOf(actor), clientId, 'client.settings-changed', {
        object: { type: 'client', id: clientId },
        before,
        after,
      });
    return present({ values: next, stored: current.stored });
  });
}
