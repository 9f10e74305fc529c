import { expect, it } from 'vitest';
import { createClient } from '../../../test/factories';
import { describeEachDialect } from '../../../test/test-app';
import { recordAudit, redactAuditPersonalData, verifyAuditChain } from './audit';

describeEachDialect('audit trail chain', (ctx) => {
  const entry = (clientId: string, n: number) => ({
    clientId,
    actor: { kind: 'user', id: `actor-${n % 3}` } as const,
    action: 'user.updated',
    object: { type: 'user', id: `user-${n}` },
    subjectUserId: `user-${n}`,
    ip: '203.0.113.7',
    before: { lastName: `Old ${n}` },
    after: { lastName: `Müller ${n}` },
  });

  it('numbers each client chain from 1 with no gap, links every entry to the one before, and verifies', async () => {
    const { db } = ctx().deps;
    const a = await createClient(db);
    const b = await createClient(db);
    for (let n = 0; n < 5; n++) await recordAudit(db, entry(a.id, n));
    await recordAudit(db, entry(b.id, 9));
    const rows = await db
      .selectFrom('audit_entries')
      .selectAll()
      .where('client_id', '=', a.id)
      .orderBy('seq')
      .execute();
    expect(rows.map((r) => Number(r.seq))).toEqual([1, 2, 3, 4, 5]);
    for (let i = 1; i < rows.length; i++) expect(rows[i]?.prev_hash).toBe(rows[i - 1]?.hash);
    expect(JSON.parse(rows[0]?.personal ?? '{}')).toEqual({
      ip: '203.0.113.7',
      before: { lastName: 'Old 0' },
      after: { lastName: 'Müller 0' },
    });
    expect(await verifyAuditChain(db, a.id)).toEqual({ checked: 5, firstSeq: 1, lastSeq: 5, broken: null });
    expect((await verifyAuditChain(db, b.id)).broken).toBeNull();
    expect(await verifyAuditChain(db, 'no-such-client')).toEqual({
      checked: 0,
      firstSeq: null,
      lastSeq: null,
      broken: null,
    });
  });

  it('rolls an entry back with the transaction that wrote it, and the chain stays whole', async () => {
    const { db } = ctx().deps;
    const a = await createClient(db);
    await recordAudit(db, entry(a.id, 1));
    await expect(
      db.transaction().execute(async (trx) => {
        await recordAudit(trx, entry(a.id, 2));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await recordAudit(db, entry(a.id, 3));
    expect((await verifyAuditChain(db, a.id)).lastSeq).toBe(2);
    expect((await verifyAuditChain(db, a.id)).broken).toBeNull();
  });

  it('gives concurrent writers of one client distinct seqs and one unbroken chain', async () => {
    const { db } = ctx().deps;
    const a = await createClient(db);
    await Promise.all(
      Array.from({ length: 20 }, (_, n) => db.transaction().execute((trx) => recordAudit(trx, entry(a.id, n)))),
    );
    expect(await verifyAuditChain(db, a.id)).toMatchObject({ checked: 20, lastSeq: 20, broken: null });
  });

  it('reports the first broken link when a stored entry is changed, removed, or its personal part edited', async () => {
    const { db } = ctx().deps;
    const a = await createClient(db);
    for (let n = 0; n < 6; n++) await recordAudit(db, entry(a.id, n));
    await db
      .updateTable('audit_entries')
      .set({ action: 'user.viewed' })
      .where('client_id', '=', a.id)
      .where('seq', '=', 3)
      .execute();
    expect((await verifyAuditChain(db, a.id)).broken).toEqual({ seq: 3, reason: 'hash' });

    const b = await createClient(db);
    for (let n = 0; n < 6; n++) await recordAudit(db, entry(b.id, n));
    await db.deleteFrom('audit_entries').where('client_id', '=', b.id).where('seq', '=', 4).execute();
    expect((await verifyAuditChain(db, b.id)).broken).toEqual({ seq: 5, reason: 'gap' });
    await db.deleteFrom('audit_entries').where('client_id', '=', b.id).where('seq', '>=', 4).execute();
    expect((await verifyAuditChain(db, b.id)).broken).toEqual({ seq: 4, reason: 'head' });

    const c = await createClient(db);
    for (let n = 0; n < 3; n++) await recordAudit(db, entry(c.id, n));
    await db
      .updateTable('audit_entries')
      .set({ personal: JSON.stringify({ ip: '198.51.100.1' }) })
      .where('client_id', '=', c.id)
      .where('seq', '=', 2)
      .execute();
    expect((await verifyAuditChain(db, c.id)).broken).toEqual({ seq: 2, reason: 'personal' });
  });

  it('redacts the personal part of entries about or by a person, and the chain still verifies', async () => {
    const { db } = ctx().deps;
    const a = await createClient(db);
    for (let n = 0; n < 4; n++) await recordAudit(db, entry(a.id, n));
    await recordAudit(db, {
      clientId: a.id,
      actor: { kind: 'user', id: 'user-2' },
      action: 'auth.sign-in',
      ip: '192.0.2.1',
    });
    expect(await db.transaction().execute((trx) => redactAuditPersonalData(trx, a.id, 'user-2'))).toBe(2);
    const rows = await db
      .selectFrom('audit_entries')
      .selectAll()
      .where('client_id', '=', a.id)
      .orderBy('seq')
      .execute();
    expect(rows.filter((r) => r.personal === null).map((r) => Number(r.seq))).toEqual([3, 5]);
    expect(JSON.stringify(rows)).not.toContain('Müller 2');
    expect(rows.find((r) => Number(r.seq) === 3)?.action).toBe('user.updated');
    expect(await verifyAuditChain(db, a.id)).toMatchObject({ checked: 5, broken: null });
  });
});
