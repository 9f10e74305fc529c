import { expect, it } from 'vitest';
import { createClient, createUser, signIn } from '../../../test/factories';
import { describeEachDialect } from '../../../test/test-app';

const contact = (clientId: string, over: Record<string, unknown> = {}) => ({
  clientId,
  responsibility: 'Vertrieb',
  firstName: 'Vera',
  lastName: 'Vogel',
  phone: '+49 30 123456',
  email: 'Vera.Vogel@Example.test',
  ...over,
});

describeEachDialect('client contacts (/api/client-contact)', (ctx) => {
  async function setup() {
    const { app, deps } = ctx();
    const reseller = await createClient(deps.db);
    const resold = await createClient(deps.db, { reseller_client_id: reseller.id });
    const other = await createClient(deps.db);
    const admin = await signIn(app, await createUser(deps.db, resold, { role: 'ADMIN' }));
    const resellerUser = await signIn(app, await createUser(deps.db, reseller, { role: 'RESELLER' }));
    const coordinator = await signIn(app, await createUser(deps.db, reseller, { role: 'RESELLER_COORDINATOR' }));
    const participant = await signIn(app, await createUser(deps.db, resold, { role: 'PARTICIPANT' }));
    return { reseller, resold, other, admin, resellerUser, coordinator, participant };
  }

  it('creates, lists sorted by responsibility and name, updates and deletes a contact', async () => {
    const { resold, admin } = await setup();
    const created = await admin.post('/api/client-contact', contact(resold.id));
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      clientId: resold.id,
      email: 'vera.vogel@example.test',
      phone: '+49 30 123456',
    });
    await admin.post('/api/client-contact', contact(resold.id, { responsibility: 'Abrechnung', lastName: 'Zorn' }));
    await admin.post('/api/client-contact', contact(resold.id, { lastName: 'adler', phone: '', email: '' }));
    const list = await admin.get('/api/client-contact', { clientId: resold.id });
    expect(list.json<{ items: { lastName: string; phone: string | null }[] }>().items.map((c) => c.lastName)).toEqual([
      'Zorn',
      'adler',
      'Vogel',
    ]);
    const id = created.json<{ id: string }>().id;
    const updated = await admin.post(`/api/client-contact/${id}`, {
      responsibility: 'Technik',
      firstName: 'Vera',
      lastName: 'Vogel-Neu',
      phone: null,
      email: null,
    });
    expect(updated.json()).toMatchObject({ id, responsibility: 'Technik', lastName: 'Vogel-Neu', phone: null });
    expect((await admin.del(`/api/client-contact/${id}`)).json()).toEqual({ ok: true });
    expect((await admin.del(`/api/client-contact/${id}`)).statusCode).toBe(404);
    expect((await admin.get('/api/client-contact', { clientId: resold.id })).json<{ items: [] }>().items).toHaveLength(
      2,
    );
  });

  it('answers 400 validation_failed naming the field for a bad e-mail, phone or missing name', async () => {
    const { resold, admin } = await setup();
    for (const [field, value] of [
      ['email', 'not-an-address'],
      ['phone', 'call me'],
      ['lastName', ''],
    ] as const) {
      const res = await admin.post('/api/client-contact', contact(resold.id, { [field]: value }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'validation_failed',
        details: { fields: [{ field: `body.${field}` }] },
      });
    }
  });

  it('lets a RESELLER write the clients it resells and a RESELLER_COORDINATOR only read them (403)', async () => {
    const { resold, admin, resellerUser, coordinator } = await setup();
    const byReseller = await resellerUser.post('/api/client-contact', contact(resold.id));
    expect(byReseller.statusCode).toBe(200);
    const id = byReseller.json<{ id: string }>().id;
    const read = await coordinator.get('/api/client-contact', { clientId: resold.id });
    expect(read.json<{ items: { id: string }[] }>().items.map((c) => c.id)).toEqual([id]);
    expect((await coordinator.post('/api/client-contact', contact(resold.id))).statusCode).toBe(403);
    expect((await coordinator.post(`/api/client-contact/${id}`, contact(resold.id))).statusCode).toBe(403);
    expect((await coordinator.del(`/api/client-contact/${id}`)).statusCode).toBe(403);
    expect((await admin.get('/api/client-contact', { clientId: resold.id })).json<{ items: [] }>().items).toHaveLength(
      1,
    );
  });

  it('answers 403 to a role without client administration', async () => {
    const { resold, participant } = await setup();
    expect((await participant.get('/api/client-contact', { clientId: resold.id })).statusCode).toBe(403);
  });

  it("answers 404 for another client's contacts and leaks nothing, to an admin and to a reseller of others", async () => {
    const { app, deps } = ctx();
    const { other, admin, resellerUser } = await setup();
    const otherAdmin = await signIn(app, await createUser(deps.db, other, { role: 'ADMIN' }));
    const secret = await otherAdmin.post('/api/client-contact', contact(other.id, { lastName: 'Geheim' }));
    const id = secret.json<{ id: string }>().id;
    for (const who of [admin, resellerUser]) {
      const answers = [
        await who.get('/api/client-contact', { clientId: other.id }),
        await who.post('/api/client-contact', contact(other.id)),
        await who.post(`/api/client-contact/${id}`, contact(other.id)),
        await who.del(`/api/client-contact/${id}`),
      ];
      expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 404, 404]);
      for (const a of answers) expect(a.body).not.toContain('Geheim');
    }
    const list = await otherAdmin.get('/api/client-contact', { clientId: other.id });
    expect(list.json<{ items: { lastName: string }[] }>().items.map((c) => c.lastName)).toEqual(['Geheim']);
  });
});
