import { beforeAll, expect, it } from 'vitest';
import { createClient, createUser, signIn, type TestClient } from '../../../test/factories';
import { describeEachDialect } from '../../../test/test-app';
import { MAX_LEGAL_TEXT_HOPS } from './legal-text.resolve';
import { legalWorld, type LegalWorld } from './test-legal-texts';

describeEachDialect('legal texts: CSX and RESELLER fallbacks', (ctx) => {
  let w: LegalWorld;
  const setType = async (client: TestClient, kind: string, type: string | null, value: string | null = null) => {
    const col = kind === 'imprint' ? 'imprint' : 'privacy_policy';
    await ctx()
      .deps.db.updateTable('clients')
      .set({ [`${col}_type`]: type, [`${col}_value`]: value })
      .where('id', '=', client.id)
      .execute();
    ctx().app.tenants.forget();
  };
  const page = async (client: TestClient, kind = 'imprint') =>
    (await w.anonymous(client).get(`/api/client/${kind}`)).json<{ type: string; html?: string }>();

  beforeAll(async () => {
    w = await legalWorld(ctx);
    // The root's texts are written through the API, by the only role that may.
    await w.superadmin.post(`/api/client/${w.root.id}/legal-texts/imprint`, {
      type: 'MARKDOWN',
      value: 'Betreiber-Impressum',
    });
    await w.superadmin.post(`/api/client/${w.root.id}/legal-texts/privacy-policy`, {
      type: 'MARKDOWN',
      value: 'Betreiber-Datenschutz',
    });
  });

  it('shows the empty state for a client that set nothing', async () => {
    const lonely = await createClient(ctx().deps.db);
    expect(await page(lonely)).toEqual({ kind: 'imprint', type: 'NONE' });
  });

  it('CSX shows the root client text', async () => {
    await w.resoldAdmin.post(`/api/client/${w.resold.id}/legal-texts/imprint`, { type: 'CSX' });
    expect((await page(w.resold)).html).toContain('Betreiber-Impressum');
  });

  it('RESELLER shows the reseller client text, and the root text when the reseller has none', async () => {
    await w.resellerUser.post(`/api/client/${w.reseller.id}/legal-texts/imprint`, {
      type: 'MARKDOWN',
      value: 'Reseller-Impressum',
    });
    await w.resoldAdmin.post(`/api/client/${w.resold.id}/legal-texts/imprint`, { type: 'RESELLER' });
    expect((await page(w.resold)).html).toContain('Reseller-Impressum');
    await setType(w.reseller, 'imprint', null);
    expect((await page(w.resold)).html).toContain('Betreiber-Impressum');
  });

  it('RESELLER without a reseller client, and a reseller that says CSX, both end at the root text', async () => {
    await setType(w.reseller, 'privacy-policy', 'RESELLER'); // the reseller has no reseller of its own
    expect((await page(w.reseller, 'privacy-policy')).html).toContain('Betreiber-Datenschutz');
    await setType(w.resold, 'privacy-policy', 'RESELLER');
    await setType(w.reseller, 'privacy-policy', 'CSX');
    expect((await page(w.resold, 'privacy-policy')).html).toContain('Betreiber-Datenschutz');
  });

  it('a RESELLER loop between two clients ends at the root text, never looping', async () => {
    const db = ctx().deps.db;
    const a = await createClient(db);
    const b = await createClient(db, { reseller_client_id: a.id });
    await db.updateTable('clients').set({ reseller_client_id: b.id }).where('id', '=', a.id).execute();
    await setType(a, 'imprint', 'RESELLER');
    await setType(b, 'imprint', 'RESELLER');
    expect((await page(a)).html).toContain('Betreiber-Impressum');
    expect((await page(b)).html).toContain('Betreiber-Impressum');
  });

  it('a chain longer than the bound stops and falls back to the root text', async () => {
    const db = ctx().deps.db;
    let top = await createClient(db);
    await setType(top, 'imprint', 'MARKDOWN', 'Ganz oben');
    for (let i = 0; i < MAX_LEGAL_TEXT_HOPS + 1; i++) {
      const below = await createClient(db, { reseller_client_id: top.id });
      await setType(below, 'imprint', 'RESELLER');
      top = below;
    }
    expect((await page(top)).html).toContain('Betreiber-Impressum');
  });

  it('CSX on the root client itself, or a root without text, answers the empty state', async () => {
    const db = ctx().deps.db;
    await setType(w.root, 'privacy-policy', 'CSX');
    expect(await page(w.root, 'privacy-policy')).toEqual({ kind: 'privacy-policy', type: 'NONE' });
    await setType(w.resold, 'privacy-policy', 'CSX');
    expect(await page(w.resold, 'privacy-policy')).toEqual({ kind: 'privacy-policy', type: 'NONE' });
    // Without any SUPERADMIN there is no root: CSX has nothing to show (and does not fail).
    await db.updateTable('users').set({ role: 'ADMIN' }).where('role', '=', 'SUPERADMIN').execute();
    expect(await page(w.resold)).toMatchObject({ type: 'NONE' });
  });

  it('the public pages open while a password change is required', async () => {
    const { app, deps } = ctx();
    const user = await createUser(deps.db, w.resold, { is_password_change_required: true });
    const pending = await signIn(app, user);
    expect((await pending.get('/api/client/imprint')).statusCode).toBe(200);
    expect((await pending.get('/api/client/privacy-policy')).statusCode).toBe(200);
  });
});
