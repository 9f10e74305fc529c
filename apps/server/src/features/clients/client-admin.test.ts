import type { TClient, TClientPage } from '@lms/contracts/client-admin';
import { expect, it } from 'vitest';
import { createClient, createUser, signIn } from '../../../test/factories';
import { caller, describeEachDialect } from '../../../test/test-app';
import { findRootClientId } from './client-root';
import { clientRow, newClientBody, resellerWorld } from './client-test-kit';

describeEachDialect('client administration (issue 11)', (ctx) => {
  it('refuses a duplicate name (client_name_taken) and domain (platform_domain_taken), ignoring case', async () => {
    const { deps } = ctx();
    const w = await resellerWorld(ctx());
    const superadmin = await w.as(w.reseller, 'SUPERADMIN');
    const first = await superadmin.post(
      '/api/client',
      newClientBody({ name: 'Acme GmbH', platformDomain: 'acme.example' }),
    );
    expect(first.statusCode).toBe(200);
    const name = await superadmin.post('/api/client', newClientBody({ name: '  acme gmbh ' }));
    expect(name.statusCode).toBe(409);
    expect(name.json()).toMatchObject({ error: 'client_name_taken', message: 'The corporate name is already in use.' });
    const domain = await superadmin.post('/api/client', newClientBody({ platformDomain: 'https://ACME.example/' }));
    expect(domain.json()).toMatchObject({ error: 'platform_domain_taken' });
    const other = await createClient(deps.db);
    const renamed = await superadmin.post(`/api/client/${other.id}`, { name: 'ACME GmbH' });
    expect(renamed.json()).toMatchObject({ error: 'client_name_taken' });
    const moved = await superadmin.post(`/api/client/${other.id}`, { platformDomain: 'acme.example:8080' });
    expect(moved.json()).toMatchObject({ error: 'platform_domain_taken' });
    // Saving a client with its own name and domain is no clash.
    const same = await superadmin.post(`/api/client/${other.id}`, { name: other.name, platformDomain: other.host });
    expect(same.statusCode).toBe(200);
  });

  it('stores https://Acme.example:443/ as acme.example and refuses what is not a host name', async () => {
    const { deps } = ctx();
    const w = await resellerWorld(ctx());
    const superadmin = await w.as(w.reseller, 'SUPERADMIN');
    const res = await superadmin.post('/api/client', newClientBody({ platformDomain: 'https://Acme2.example:443/' }));
    expect(res.json<TClient>().platformDomain).toBe('acme2.example');
    expect((await clientRow(deps.db, res.json<TClient>().id)).platform_domain).toBe('acme2.example');
    const update = await superadmin.post(`/api/client/${w.resold.id}`, {
      platformDomain: 'HTTP://Kunde.Example/login/',
    });
    expect(update.json<TClient>().platformDomain).toBe('kunde.example');
    for (const bad of ['', 'ftp://x.example', 'user@x.example', 'a b.example', '-x.example', '[::1]', 'x..example']) {
      const r = await superadmin.post(`/api/client/${w.resold.id}`, { platformDomain: bad });
      expect(`${bad} -> ${r.statusCode}`).toBe(`${bad} -> 400`);
    }
    const content = new URL(deps.config.contentOrigin).hostname;
    const onContent = await superadmin.post(`/api/client/${w.resold.id}`, { platformDomain: content });
    expect(onContent.json()).toMatchObject({ error: 'platform_domain_content_origin' });
  });

  it('shows a RESELLER its own and its resold clients with figures, not those of another reseller', async () => {
    const { deps } = ctx();
    const w = await resellerWorld(ctx());
    await createUser(deps.db, w.resold);
    await createUser(deps.db, w.resold, { is_active: false });
    await createUser(deps.db, w.resold, { active_to: '2000-01-01' });
    const admin = await w.as(w.resold, 'ADMIN');
    const victim = await createUser(deps.db, w.resold);
    expect((await admin.del(`/api/users/${victim.id}`)).statusCode).toBe(200);
    for (const role of ['RESELLER', 'RESELLER_COORDINATOR'] as const) {
      const reseller = await w.as(w.reseller, role);
      const page = (await reseller.get('/api/client')).json<TClientPage>();
      expect(page.items.map((c) => c.id).sort()).toEqual([w.reseller.id, w.resold.id].sort());
      const resold = page.items.find((c) => c.id === w.resold.id);
      // Active: the admin and one user; inactive: the deactivated one and the one whose window ended.
      expect(resold).toMatchObject({ figures: { activeUsers: 2, inactiveUsers: 2, deletedUsers: 1 } });
      expect(resold).toMatchObject({ resellerName: w.reseller.name, platformOpen: true, isReseller: false });
    }
    const superadmin = await w.as(w.reseller, 'SUPERADMIN');
    const all = (await superadmin.get('/api/client', { pageSize: '500' })).json<TClientPage>();
    expect(all.items.map((c) => c.id)).toEqual(expect.arrayContaining([w.foreign.id, w.otherReseller.id]));
    const found = (await superadmin.get('/api/client', { search: w.foreign.host.toUpperCase() })).json<TClientPage>();
    expect(found.items.map((c) => c.id)).toEqual([w.foreign.id]);
    const reseller = await w.as(w.reseller, 'RESELLER');
    expect((await reseller.get(`/api/client/${w.foreign.id}`)).statusCode).toBe(404);
    expect((await reseller.get(`/api/client/${w.resold.id}`)).json()).toMatchObject({ access: 'write' });
  });

  it('pages and sorts the overview on the server', async () => {
    const { deps } = ctx();
    const root = await createClient(deps.db, { is_reseller: true });
    for (const name of ['Cäsar', 'anton', 'Berta'])
      await createClient(deps.db, {
        name,
        name_normalized: name.toLowerCase(),
        reseller_client_id: root.id,
        platform_domain: `${name.toLowerCase()}-${root.id.slice(-6)}.example`,
      });
    const reseller = await signIn(ctx().app, await createUser(deps.db, root, { role: 'RESELLER' }));
    const first = (
      await reseller.get('/api/client', { pageSize: '10', sort: 'name', order: 'desc' })
    ).json<TClientPage>();
    expect(first.total).toBe(4);
    const names = first.items.map((c) => c.name).filter((n) => n !== root.name);
    expect(names).toEqual(['Cäsar', 'Berta', 'anton']);
    const byDomain = (await reseller.get('/api/client', { sort: 'platformDomain' })).json<TClientPage>();
    expect(byDomain.items[0]?.name).toBe('anton');
  });

  it('lets an ADMIN read and change only the own client (another one is 404); nobody else gets past 403', async () => {
    const w = await resellerWorld(ctx());
    const admin = await w.as(w.resold, 'ADMIN');
    expect((await admin.get(`/api/client/${w.resold.id}`)).json()).toMatchObject({ id: w.resold.id, access: 'write' });
    expect((await admin.get(`/api/client/${w.reseller.id}`)).statusCode).toBe(404);
    expect((await admin.post(`/api/client/${w.reseller.id}`, { name: 'Übernahme' })).statusCode).toBe(404);
    expect((await admin.get('/api/client')).statusCode).toBe(403);
    expect((await admin.post('/api/client', newClientBody())).statusCode).toBe(403);
    const saved = await admin.post(`/api/client/${w.resold.id}`, { emailFooter: 'Fuß', minPasswordLength: 12 });
    expect(saved.json()).toMatchObject({ emailFooter: 'Fuß', minPasswordLength: 12 });
    expect((await admin.post(`/api/client/${w.resold.id}`, { minPasswordLength: 7 })).statusCode).toBe(400);
    expect((await admin.post(`/api/client/${w.resold.id}`, { isReseller: true })).statusCode).toBe(403);
    for (const role of ['PARTICIPANT', 'COORDINATOR', 'CONTENT_MASTER'] as const) {
      const someone = await w.as(w.resold, role);
      expect((await someone.get(`/api/client/${w.resold.id}`)).statusCode).toBe(403);
    }
  });

  it('lets a RESELLER_COORDINATOR read its resold clients but not write (403)', async () => {
    const w = await resellerWorld(ctx());
    const rc = await w.as(w.reseller, 'RESELLER_COORDINATOR');
    expect((await rc.get(`/api/client/${w.resold.id}`)).json()).toMatchObject({ id: w.resold.id, access: 'read' });
    expect((await rc.post(`/api/client/${w.resold.id}`, { name: 'Nein' })).statusCode).toBe(403);
    expect((await rc.post('/api/client', newClientBody())).statusCode).toBe(403);
    expect((await rc.del(`/api/client/${w.resold.id}/logo`)).statusCode).toBe(403);
    expect((await rc.get(`/api/client/${w.foreign.id}`)).statusCode).toBe(404);
  });

  // Issue 28 point 6: Beta's ADMIN reopened the platform its reseller had closed.
  it('lets only who sells the licence change its fields: the reseller and the SUPERADMIN; the ADMIN reads them', async () => {
    const { deps } = ctx();
    const w = await resellerWorld(ctx());
    const admin = await w.as(w.resold, 'ADMIN');
    const reseller = await w.as(w.reseller, 'RESELLER');
    const superadmin = await w.as(w.reseller, 'SUPERADMIN');
    expect((await admin.get(`/api/client/${w.resold.id}`)).json()).toMatchObject({
      access: 'write',
      licenceAccess: 'read',
    });
    await reseller.post(`/api/client/${w.resold.id}`, { platformActive: false, invoiceClientId: 'INV-1' });
    const before = await clientRow(deps.db, w.resold.id);
    const changes = {
      platformActive: true,
      platformStart: '2026-01-01',
      platformEnd: '2030-12-31',
      platformDomain: 'reopened.example',
      invoiceClientId: 'INV-2',
    };
    for (const [field, value] of Object.entries(changes)) {
      const res = await admin.post(`/api/client/${w.resold.id}`, { [field]: value });
      expect(`${field}: ${res.statusCode}`).toBe(`${field}: 403`);
      expect(res.json()).toMatchObject({
        error: 'client_licence_read_only',
        details: { fields: [{ field: `body.${field}` }] },
      });
    }
    expect(await clientRow(deps.db, w.resold.id)).toEqual(before);
    // The whole form, sent back with the licence as it is (another spelling of the domain too), saves the rest.
    const form = (await admin.get(`/api/client/${w.resold.id}`)).json<TClient>();
    const saved = await admin.post(`/api/client/${w.resold.id}`, {
      name: form.name,
      platformDomain: `https://${form.platformDomain.toUpperCase()}/`,
      platformActive: form.platformActive,
      platformStart: form.platformStart,
      platformEnd: form.platformEnd,
      invoiceClientId: form.invoiceClientId,
      emailFooter: 'Neu',
    });
    expect(saved.json()).toMatchObject({ emailFooter: 'Neu', platformActive: false, invoiceClientId: 'INV-1' });
    // Who sells it may: the reseller of the client and the SUPERADMIN; another reseller does not reach it (404).
    const byReseller = await reseller.post(`/api/client/${w.resold.id}`, changes);
    expect(byReseller.json()).toMatchObject({ ...changes, licenceAccess: 'write' });
    const bySuperadmin = await superadmin.post(`/api/client/${w.resold.id}`, { platformActive: false });
    expect(bySuperadmin.json()).toMatchObject({ platformActive: false, licenceAccess: 'write' });
    const otherReseller = await w.as(w.otherReseller, 'RESELLER');
    expect((await otherReseller.post(`/api/client/${w.resold.id}`, { platformActive: true })).statusCode).toBe(404);
    const foreignAdmin = await w.as(w.foreign, 'ADMIN');
    expect((await foreignAdmin.post(`/api/client/${w.resold.id}`, { platformActive: true })).statusCode).toBe(404);
    // A reseller's own client is sold by another: its RESELLER reads its licence like an ADMIN does.
    const ownLicence = await reseller.post(`/api/client/${w.reseller.id}`, { invoiceClientId: 'SELF' });
    expect(ownLicence.json()).toMatchObject({ error: 'client_licence_read_only' });
    expect((await reseller.get(`/api/client/${w.reseller.id}`)).json()).toMatchObject({ licenceAccess: 'read' });
    expect(
      (await (await w.as(w.reseller, 'RESELLER_COORDINATOR')).get(`/api/client/${w.resold.id}`)).json(),
    ).toMatchObject({ access: 'read', licenceAccess: 'read' });
  });

  it("lets the root client's ADMIN change the root client's licence, which nobody sells", async () => {
    const { deps } = ctx();
    const w = await resellerWorld(ctx());
    await createUser(deps.db, w.reseller, { role: 'SUPERADMIN' });
    const rootId = await findRootClientId(deps.db);
    const root = await clientRow(deps.db, rootId ?? '');
    const admin = await w.as({ id: root.id, name: root.name, host: root.platform_domain }, 'ADMIN');
    expect((await admin.get(`/api/client/${root.id}`)).json()).toMatchObject({ licenceAccess: 'write' });
    const saved = await admin.post(`/api/client/${root.id}`, { invoiceClientId: 'ROOT-1' });
    expect(saved.json()).toMatchObject({ invoiceClientId: 'ROOT-1' });
  });

  it('saves every field, keeps the platform dates in order and shows the new colours at once', async () => {
    const w = await resellerWorld(ctx());
    const admin = await w.as(w.reseller, 'RESELLER');
    const colours = {
      primaryButton: '#112233',
      secondaryButton: '#223344',
      info: '#334455',
      headline: '#445566',
      text: '#556677',
      background: '#fafafa',
      text2: '#667788',
    };
    const body = {
      address: { street: 'Hauptstraße', houseNumber: '1a', zip: '10115', city: 'Berlin' },
      colours,
      platformActive: false,
      platformStart: '2026-01-01',
      platformEnd: '2027-12-31',
      supportEmail: 'Hilfe@Kunde.example',
      invoiceClientId: 'INV-7',
      entra: { enabled: true, clientId: 'app-id', tenantId: 'tenant-id' },
    };
    // The tenant cache has this client already; the change must show without waiting for it to expire.
    expect((await caller(ctx().app, w.resold.host).get('/api/client/current')).statusCode).toBe(200);
    const saved = await admin.post(`/api/client/${w.resold.id}`, body);
    expect(saved.json()).toMatchObject({ ...body, supportEmail: 'hilfe@kunde.example', platformOpen: false });
    const current = (await caller(ctx().app, w.resold.host).get('/api/client/current')).json();
    expect(current).toMatchObject({ colours, platformActive: false, entraEnabled: true });
    const bad = await admin.post(`/api/client/${w.resold.id}`, { platformStart: '2028-01-01' });
    expect(bad.json()).toMatchObject({ error: 'validation_failed' });
  });

  it('refuses the reseller roles in a client that is not a reseller (reseller_role_needs_reseller_client)', async () => {
    const w = await resellerWorld(ctx());
    const superOfResold = await w.as(w.resold, 'SUPERADMIN');
    const user = { firstName: 'R', lastName: 'R', email: 'r@resold.example', groupIds: [], sendActivationMail: false };
    const refused = await superOfResold.post('/api/users', { ...user, role: 'RESELLER' });
    expect(refused.json()).toMatchObject({ error: 'reseller_role_needs_reseller_client' });
    const superOfReseller = await w.as(w.reseller, 'SUPERADMIN');
    const ok = await superOfReseller.post('/api/users', { ...user, role: 'RESELLER_COORDINATOR' });
    expect(ok.statusCode).toBe(200);
  });

  it('answers the own client settings by key and subkey, never another client’s', async () => {
    const { deps } = ctx();
    const w = await resellerWorld(ctx());
    const now = new Date().toISOString();
    await deps.db
      .insertInto('client_settings')
      .values([
        { client_id: w.resold.id, key: 'dashboard', subkey: 'welcome', value: '{"show":true}', updated_at: now },
        { client_id: w.resold.id, key: 'dashboard', subkey: 'tiles', value: '[1,2]', updated_at: now },
        { client_id: w.reseller.id, key: 'dashboard', subkey: 'welcome', value: '"B"', updated_at: now },
      ])
      .execute();
    const user = await w.as(w.resold, 'PARTICIPANT');
    const one = await user.get('/api/client-settings', { key: 'dashboard', subkey: 'welcome' });
    expect(one.json()).toEqual({ items: [{ key: 'dashboard', subkey: 'welcome', value: { show: true } }] });
    const all = await user.get('/api/client-settings', { key: 'dashboard' });
    expect(all.json<{ items: unknown[] }>().items).toHaveLength(2);
    expect((await user.get('/api/client-settings', { key: 'none' })).json()).toEqual({ items: [] });
    expect((await user.get('/api/client-settings')).statusCode).toBe(400);
    expect((await caller(ctx().app, w.resold.host).get('/api/client-settings', { key: 'dashboard' })).statusCode).toBe(
      401,
    );
  });
});
