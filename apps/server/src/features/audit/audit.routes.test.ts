import { expect, it } from 'vitest';
import { createClient, createUser, signIn } from '../../../test/factories';
import { describeEachDialect } from '../../../test/test-app';
import { recordAudit } from '../../platform/audit/audit';
import { createAuditRetentionHandler } from './audit-retention.job';

interface Page {
  items: { seq: number; action: string; actorId: string | null; actorName: string | null; ip: string | null }[];
  nextBefore: number | null;
}

describeEachDialect('audit trail screen API (issue 30 point 3)', (ctx) => {
  async function world() {
    const { app, deps } = ctx();
    const root = await createClient(deps.db);
    const superadmin = await signIn(app, await createUser(deps.db, root, { role: 'SUPERADMIN' }));
    const client = await createClient(deps.db);
    const adminUser = await createUser(deps.db, client, { role: 'ADMIN', first_name: 'Ada', last_name: 'Admin' });
    const admin = await signIn(app, adminUser);
    const coordinator = await signIn(app, await createUser(deps.db, client, { role: 'COORDINATOR' }));
    const other = await createClient(deps.db);
    const otherAdmin = await signIn(app, await createUser(deps.db, other, { role: 'ADMIN' }));
    return { root, superadmin, client, adminUser, admin, coordinator, other, otherAdmin };
  }

  it('pages newest first by seq, filters by action, actor, object and period, for the ADMIN and the SUPERADMIN', async () => {
    const { deps } = ctx();
    const w = await world();
    for (let n = 0; n < 250; n++)
      await recordAudit(deps.db, {
        clientId: w.client.id,
        actor: { kind: 'user', id: n % 2 ? w.adminUser.id : 'someone-else' },
        action: n % 5 === 0 ? 'user.deleted' : 'user.created',
        object: { type: 'user', id: `u-${n % 7}` },
        ip: '198.51.100.4',
      });
    const first = (await w.admin.get(`/api/client/${w.client.id}/audit`)).json<Page>();
    expect(first.items).toHaveLength(100);
    const seqs = first.items.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
    const second = (
      await w.admin.get(`/api/client/${w.client.id}/audit`, { before: String(first.nextBefore) })
    ).json<Page>();
    expect(second.items[0]?.seq).toBe((first.nextBefore ?? 0) - 1);
    let all = [...first.items, ...second.items];
    let before = second.nextBefore;
    while (before !== null) {
      const page = (await w.admin.get(`/api/client/${w.client.id}/audit`, { before: String(before) })).json<Page>();
      all = [...all, ...page.items];
      before = page.nextBefore;
    }
    // 250 entries and the two sign-ins of this client (the admin's and the coordinator's).
    expect(all).toHaveLength(252);
    expect(new Set(all.map((e) => e.seq)).size).toBe(252);

    const deleted = (
      await w.superadmin.get(`/api/client/${w.client.id}/audit`, { action: 'user.deleted', limit: '500' })
    ).json<Page>();
    expect(deleted.items).toHaveLength(50);
    expect(deleted.items.every((e) => e.action === 'user.deleted')).toBe(true);
    const byActor = (
      await w.admin.get(`/api/client/${w.client.id}/audit`, { actorId: w.adminUser.id, limit: '500' })
    ).json<Page>();
    expect(byActor.items).toHaveLength(126);
    expect(byActor.items.every((e) => e.actorName === 'Ada Admin')).toBe(true);
    const byObject = (
      await w.admin.get(`/api/client/${w.client.id}/audit`, { objectId: 'u-3', limit: '500' })
    ).json<Page>();
    expect(byObject.items).toHaveLength(36);
    const today = new Date().toISOString().slice(0, 10);
    const inPeriod = (
      await w.admin.get(`/api/client/${w.client.id}/audit`, { from: today, to: today, limit: '500' })
    ).json<Page>();
    expect(inPeriod.items).toHaveLength(252);
    const past = (
      await w.admin.get(`/api/client/${w.client.id}/audit`, { from: '2020-01-01', to: '2020-12-31' })
    ).json<Page>();
    expect(past).toEqual({ items: [], nextBefore: null });
  });

  it('answers 403 to other roles, 404 for another client, 400 for bad filters', async () => {
    const w = await world();
    for (const url of [`/api/client/${w.client.id}/audit`, `/api/client/${w.client.id}/audit/export`]) {
      expect((await w.coordinator.get(url)).json()).toMatchObject({ error: 'forbidden' });
      const foreign = await w.otherAdmin.get(url);
      expect(foreign.statusCode).toBe(404);
    }
    expect((await w.coordinator.post(`/api/client/${w.client.id}/audit/verify`)).statusCode).toBe(403);
    expect((await w.otherAdmin.post(`/api/client/${w.client.id}/audit/verify`)).statusCode).toBe(404);
    for (const query of [{ action: 'user.hacked' }, { limit: '7' }, { from: 'gestern' }, { before: '-1' }] as Record<
      string,
      string
    >[]) {
      const res = await w.admin.get(`/api/client/${w.client.id}/audit`, query);
      expect(res.json(), JSON.stringify(query)).toMatchObject({ error: 'validation_failed' });
    }
    expect((await w.superadmin.get(`/api/client/${w.other.id}/audit`)).statusCode).toBe(200);
  });

  it('reports a changed entry through the verification route, and an intact chain as intact', async () => {
    const { deps } = ctx();
    const w = await world();
    for (let n = 0; n < 5; n++)
      await recordAudit(deps.db, {
        clientId: w.client.id,
        actor: { kind: 'system' },
        action: 'user.created',
        object: { type: 'user', id: `u-${n}` },
        after: { role: 'PARTICIPANT' },
      });
    const ok = await w.admin.post(`/api/client/${w.client.id}/audit/verify`);
    expect(ok.json()).toMatchObject({ checked: 7, broken: null });
    const target = await deps.db
      .selectFrom('audit_entries')
      .select('seq')
      .where('client_id', '=', w.client.id)
      .where('action', '=', 'user.created')
      .orderBy('seq')
      .executeTakeFirstOrThrow();
    await deps.db
      .updateTable('audit_entries')
      .set({ action: 'user.deactivated' })
      .where('client_id', '=', w.client.id)
      .where('seq', '=', target.seq)
      .execute();
    const broken = await w.superadmin.post(`/api/client/${w.client.id}/audit/verify`);
    expect(broken.json()).toMatchObject({ broken: { seq: Number(target.seq), reason: 'hash' } });
  });

  it('exports the filtered trail as CSV: UTF-8 with BOM, semicolons, one line per entry', async () => {
    const { deps } = ctx();
    const w = await world();
    for (let n = 0; n < 1_200; n++)
      await recordAudit(deps.db, {
        clientId: w.client.id,
        actor: { kind: 'user', id: w.adminUser.id },
        action: 'user.role-changed',
        object: { type: 'user', id: `u-${n}` },
        ip: '198.51.100.4',
        before: { role: 'PARTICIPANT' },
        after: { role: '=HYPERLINK("x")' },
      });
    const res = await w.admin.get(`/api/client/${w.client.id}/audit/export`, { action: 'user.role-changed' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    const raw = res.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = raw.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'seq;at;actor_kind;actor_id;actor_name;action;object_type;object_id;subject_user_id;ip;before;after;detail;redacted',
    );
    expect(lines).toHaveLength(1_201);
    expect(lines[1]).toContain(';Ada Admin;user.role-changed;user;u-1199;;198.51.100.4;');
    // A cell a spreadsheet would run as a formula is defused.
    expect(lines[1]).not.toMatch(/;=HYPERLINK/);
  });

  it('deletes entries older than the client retention period in the daily job, and the chain still verifies', async () => {
    const { deps, app } = ctx();
    const w = await world();
    for (let n = 0; n < 30; n++)
      await recordAudit(deps.db, { clientId: w.client.id, actor: { kind: 'system' }, action: 'user.created' });
    const old = new Date(Date.now() - 40 * 86_400_000).toISOString();
    await deps.db
      .updateTable('audit_entries')
      .set({ at: old })
      .where('client_id', '=', w.client.id)
      .where('seq', '<=', 20)
      .execute();
    const save = await w.admin.inject({
      method: 'PUT',
      url: `/api/client/${w.client.id}/settings`,
      payload: { items: [{ key: 'audit', subkey: 'retentionDays', value: 30 }] },
    });
    expect(save.statusCode, save.body).toBe(200);
    const handler = createAuditRetentionHandler();
    const controller = new AbortController();
    const result = await handler.run({
      job: { id: 'j', clientId: null, kind: handler.kind, attempts: 1, createdAt: '', payload: { dueAt: '' } },
      deps,
      signal: controller.signal,
      now: () => new Date(),
      heartbeat: () => Promise.resolve(true),
      progress: () => Promise.resolve(),
      retryAt: () => null,
    } as unknown as Parameters<typeof handler.run>[0]);
    expect(result).toMatchObject({ deleted: 20 });
    // Verified after the cut: it starts at the oldest entry left and holds against the head.
    const verified = await w.admin.post(`/api/client/${w.client.id}/audit/verify`);
    expect(verified.json()).toMatchObject({ broken: null, firstSeq: 21 });
    expect(app).toBeDefined();
  });

  it('reads and stores the registered client settings with their schemas, audited, for the ADMIN and SUPERADMIN only', async () => {
    const w = await world();
    const url = `/api/client/${w.client.id}/settings`;
    const read = await w.admin.get(url);
    expect(read.statusCode).toBe(200);
    expect(read.json<{ items: unknown[] }>().items).toContainEqual({
      name: 'auditRetentionDays',
      key: 'audit',
      subkey: 'retentionDays',
      value: 1_095,
      default: 1_095,
      stored: false,
    });
    const put = (who: typeof w.admin, items: unknown[], at = url) =>
      who.inject({ method: 'PUT', url: at, payload: { items } });
    const saved = await put(w.superadmin, [{ key: 'gdpr', subkey: 'inactiveEraseMonths', value: 24 }]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ items: unknown[] }>().items).toContainEqual(
      expect.objectContaining({ name: 'inactiveEraseMonths', value: 24, stored: true }),
    );
    expect((await w.admin.get('/api/client-settings', { key: 'gdpr' })).json()).toEqual({
      items: [{ key: 'gdpr', subkey: 'inactiveEraseMonths', value: 24 }],
    });
    for (const [items, field] of [
      [[{ key: 'audit', subkey: 'retentionDays', value: 5 }], 'items.0.value'],
      [[{ key: 'audit', subkey: 'retentionDays', value: '400' }], 'items.0.value'],
      [[{ key: '__proto__', subkey: 'x', value: 1 }], 'items.0'],
      [[{ key: 'constructor', subkey: '', value: 1 }], 'items.0'],
      [[{ key: 'gdpr', subkey: 'inactiveDeactivateMonths', value: 36 }], 'inactiveEraseMonths'],
    ] as const) {
      const res = await put(w.admin, [...items]);
      expect(res.json(), JSON.stringify(items)).toMatchObject({ error: 'validation_failed', details: { field } });
    }
    expect((await put(w.coordinator, [{ key: 'audit', subkey: 'retentionDays', value: 400 }])).statusCode).toBe(403);
    expect((await w.coordinator.get(url)).statusCode).toBe(403);
    const foreign = await put(w.otherAdmin, [{ key: 'audit', subkey: 'retentionDays', value: 400 }]);
    expect(foreign.statusCode).toBe(404);
    expect((await w.otherAdmin.get(url)).statusCode).toBe(404);
    // Saving the same values again changes nothing and writes no entry.
    const { deps } = ctx();
    const count = async () =>
      (
        await deps.db
          .selectFrom('audit_entries')
          .select('seq')
          .where('client_id', '=', w.client.id)
          .where('action', '=', 'client.settings-changed')
          .execute()
      ).length;
    expect(await count()).toBe(1);
    await put(w.admin, [{ key: 'gdpr', subkey: 'inactiveEraseMonths', value: 24 }]);
    expect(await count()).toBe(1);
  });
});
