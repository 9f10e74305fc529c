import { expect, it } from 'vitest';
import { DIALECTS } from '../../../test/test-db';
import { emptyDatabase, stepMigrator } from './test-empty-database';

// Issue 28 point 7f: migration 0027 re-keys paypal_webhook_events by (client_id, event_id) and keeps the rows.

for (const dialect of DIALECTS) {
  it(`[${dialect}] keeps the handled PayPal events and keys them by client`, { timeout: 60_000 }, async () => {
    const { handle, drop } = await emptyDatabase(dialect);
    try {
      const { db } = handle;
      const migrator = stepMigrator(db, dialect);
      const before = await migrator.migrateTo('2026-11-25-0025-list-plans');
      expect(before.error).toBeUndefined();
      const now = new Date().toISOString();
      for (const id of ['c1', 'c2'])
        await db
          .insertInto('clients')
          .values({
            id,
            name: id,
            name_normalized: id,
            platform_domain: `${id}.test`,
            colours: '{}',
            is_platform_active: true,
            min_password_length: 8,
            is_entra_enabled: false,
            created_at: now,
            updated_at: now,
          })
          .execute();
      await db
        .insertInto('paypal_webhook_events')
        .values({ client_id: 'c1', event_id: 'WH-1', event_type: 'PAYMENT.CAPTURE.COMPLETED', received_at: now })
        .execute();
      const after = await migrator.migrateToLatest();
      expect(after.error).toBeUndefined();
      await db
        .insertInto('paypal_webhook_events')
        .values({ client_id: 'c2', event_id: 'WH-1', event_type: 'PAYMENT.CAPTURE.COMPLETED', received_at: now })
        .execute();
      const rows = await db
        .selectFrom('paypal_webhook_events')
        .select(['client_id', 'event_id'])
        .orderBy('client_id')
        .execute();
      expect(rows).toEqual([
        { client_id: 'c1', event_id: 'WH-1' },
        { client_id: 'c2', event_id: 'WH-1' },
      ]);
      await expect(
        db
          .insertInto('paypal_webhook_events')
          .values({ client_id: 'c1', event_id: 'WH-1', event_type: 'X', received_at: now })
          .execute(),
      ).rejects.toThrow();
    } finally {
      await drop();
    }
  });
}
