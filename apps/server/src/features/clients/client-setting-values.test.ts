import { expect, it } from 'vitest';
import { createClient } from '../../../test/factories';
import { describeEachDialect } from '../../../test/test-app';
import { readClientSetting, writeClientSetting } from './client-setting-values';

describeEachDialect('client settings by name', (ctx) => {
  it('reads the default, then the stored value, and the default again for a stored value its schema refuses', async () => {
    const { db } = ctx().deps;
    const a = await createClient(db);
    const b = await createClient(db);
    expect(await readClientSetting(db, a.id, 'auditRetentionDays')).toBe(1_095);
    expect(await readClientSetting(db, a.id, 'inactiveEraseMonths')).toBeNull();
    await writeClientSetting(db, a.id, 'auditRetentionDays', 365);
    await writeClientSetting(db, a.id, 'auditRetentionDays', 400);
    await writeClientSetting(db, a.id, 'inactiveEraseMonths', 24);
    expect(await readClientSetting(db, a.id, 'auditRetentionDays')).toBe(400);
    expect(await readClientSetting(db, a.id, 'inactiveEraseMonths')).toBe(24);
    expect(await readClientSetting(db, b.id, 'auditRetentionDays')).toBe(1_095);
    await db
      .updateTable('client_settings')
      .set({ value: '"forever"' })
      .where('client_id', '=', a.id)
      .where('key', '=', 'audit')
      .execute();
    expect(await readClientSetting(db, a.id, 'auditRetentionDays')).toBe(1_095);
  });
});
