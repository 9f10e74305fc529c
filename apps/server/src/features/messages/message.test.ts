import { expect, it } from 'vitest';
import { createClient, createUser, signIn } from '../../../test/factories';
import { createGroup } from '../../../test/group-factories';
import { describeEachDialect } from '../../../test/test-app';
import { notifyUsers } from './notify';

describeEachDialect('messages and notifications', (ctx) => {
  async function setup() {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const other = await createClient(deps.db);
    const adminUser = await createUser(deps.db, client, { role: 'ADMIN', first_name: 'Ada', last_name: 'Admin' });
    const coordUser = await createUser(deps.db, client, { role: 'COORDINATOR' });
    const aUser = await createUser(deps.db, client, { first_name: 'Anna', last_name: 'Alpha' });
    const bUser = await createUser(deps.db, client, { first_name: 'Bert', last_name: 'Beta' });
    const foreignUser = await createUser(deps.db, other, { first_name: 'Fremd', last_name: 'Fremdling' });
    const groupA = await createGroup(deps.db, client, { members: [aUser], coordinators: [coordUser] });
    const groupB = await createGroup(deps.db, client, { members: [bUser] });
    return {
      client,
      other,
      aUser,
      bUser,
      foreignUser,
      groupA,
      groupB,
      admin: await signIn(app, adminUser),
      coordinator: await signIn(app, coordUser),
      a: await signIn(app, aUser),
      b: await signIn(app, bUser),
      foreign: await signIn(app, foreignUser),
    };
  }
  type Page = {
    items: { id: string; subject: string; isRead: boolean; sender: { name: string } | null }[];
    total: number;
  };

  it('sends a private message within the client; the reader sees it unread, then read', async () => {
    const { a, b, bUser } = await setup();
    const sent = await a.post('/api/messages/private', {
      recipientId: bUser.id,
      subject: 'Hallo',
      body: 'Wie geht es?',
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ kind: 'PRIVATE', recipient: { id: bUser.id, name: 'Bert Beta' } });
    expect((await b.get('/api/messages/unread-count')).json()).toEqual({
      inbox: 1,
      system: 0,
      notifications: 0,
      total: 1,
    });
    const inbox = (await b.get('/api/messages', { box: 'inbox' })).json<Page>();
    expect(inbox).toMatchObject({
      total: 1,
      items: [{ subject: 'Hallo', isRead: false, sender: { name: 'Anna Alpha' } }],
    });
    expect((await a.get('/api/messages', { box: 'sent' })).json<Page>().total).toBe(1);
    const id = inbox.items[0]!.id;
    expect((await a.post(`/api/messages/${id}/read`)).statusCode).toBe(404);
    expect((await b.post(`/api/messages/${id}/read`)).json()).toEqual({ ok: true });
    expect((await b.get('/api/messages/unread-count')).json()).toMatchObject({ total: 0 });
  });

  it('refuses a private message to a user of another client with 404, and to oneself with 400', async () => {
    const { a, aUser, foreignUser, foreign } = await setup();
    const res = await a.post('/api/messages/private', { recipientId: foreignUser.id, subject: 'x', body: 'y' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Fremd');
    expect((await foreign.get('/api/messages/unread-count')).json()).toMatchObject({ total: 0 });
    const self = await a.post('/api/messages/private', { recipientId: aUser.id, subject: 'x', body: 'y' });
    expect(self.json()).toMatchObject({ error: 'message_recipient_self' });
    expect((await a.get('/api/messages/recipients', { search: 'fremd' })).json()).toEqual({ items: [] });
    expect((await a.get('/api/messages/recipients', { search: 'bert' })).json()).toMatchObject({
      items: [{ name: 'Bert Beta' }],
    });
  });

  it('an admin reaches every user of the client with one stored system message; read per user', async () => {
    const { deps } = ctx();
    const { admin, a, b, foreign, client } = await setup();
    const res = await admin.post('/api/messages/system', {
      audience: 'CLIENT',
      subject: 'Wartung',
      body: 'Am Freitag',
    });
    expect(res.statusCode).toBe(200);
    const rows = await deps.db.selectFrom('system_messages').selectAll().where('client_id', '=', client.id).execute();
    expect(rows).toHaveLength(1);
    for (const u of [a, b]) expect((await u.get('/api/messages/unread-count')).json()).toMatchObject({ system: 1 });
    expect((await admin.get('/api/messages/unread-count')).json()).toMatchObject({ system: 0 });
    expect((await foreign.get('/api/messages/unread-count')).json()).toMatchObject({ total: 0 });
    expect((await a.post('/api/messages/read-all', { box: 'system' })).json()).toEqual({ ok: true });
    expect((await a.get('/api/messages/unread-count')).json()).toMatchObject({ system: 0 });
    expect((await b.get('/api/messages/unread-count')).json()).toMatchObject({ system: 1 });
    const page = (await b.get('/api/messages', { box: 'system' })).json<Page>();
    expect(page.items[0]).toMatchObject({ subject: 'Wartung', isRead: false, sender: { name: 'Ada Admin' } });
    expect((await foreign.post(`/api/messages/${page.items[0]!.id}/read`)).statusCode).toBe(404);
  });

  it("a coordinator reaches only their groups' members; the whole client and other groups are refused", async () => {
    const { coordinator, a, b, groupA, groupB } = await setup();
    const ok = await coordinator.post('/api/messages/system', {
      audience: 'GROUPS',
      groupIds: [groupA.id],
      subject: 'Gruppe A',
      body: 'Treffen',
    });
    expect(ok.statusCode).toBe(200);
    expect((await a.get('/api/messages/unread-count')).json()).toMatchObject({ system: 1 });
    expect((await b.get('/api/messages/unread-count')).json()).toMatchObject({ system: 0 });
    const all = await coordinator.post('/api/messages/system', { audience: 'CLIENT', subject: 'x', body: 'y' });
    expect(all.statusCode).toBe(403);
    const foreignGroup = await coordinator.post('/api/messages/system', {
      audience: 'GROUPS',
      groupIds: [groupB.id],
      subject: 'x',
      body: 'y',
    });
    expect(foreignGroup.statusCode).toBe(404);
    const none = await coordinator.post('/api/messages/system', { audience: 'GROUPS', subject: 'x', body: 'y' });
    expect(none.json()).toMatchObject({ error: 'message_groups_required' });
    expect((await a.post('/api/messages/system', { audience: 'CLIENT', subject: 'x', body: 'y' })).statusCode).toBe(
      403,
    );
  });

  it('notifies many users in batches, once per dedupe key, and pages the list on the server', async () => {
    const { deps } = ctx();
    const { client, a, aUser, bUser } = await setup();
    const event = { type: 'deadline_near' as const, data: { deadline: '2026-12-01' }, dedupeKey: 'deadline:x' };
    for (let i = 0; i < 2; i++)
      await deps.db.transaction().execute((trx) => notifyUsers(trx, client.id, [aUser.id, bUser.id], event));
    for (let i = 0; i < 3; i++) await notifyUsers(deps.db, client.id, [aUser.id], { type: 'reminder', data: {} });
    expect((await a.get('/api/messages/unread-count')).json()).toMatchObject({ notifications: 4 });
    const page = await a.get('/api/messages', { box: 'notifications', pageSize: '10', page: '1' });
    expect(page.json()).toMatchObject({ total: 4, page: 1, pageSize: 10 });
    expect(
      (await a.get('/api/messages', { box: 'notifications', pageSize: '10', page: '2' })).json<Page>().items,
    ).toEqual([]);
    await a.post('/api/messages/read-all', { box: 'notifications' });
    expect((await a.get('/api/messages/unread-count')).json()).toMatchObject({ notifications: 0 });
  });
});
