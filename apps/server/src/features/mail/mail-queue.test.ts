import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { expect, it } from 'vitest';
import { createClient, createUser, signIn } from '../../../test/factories';
import { drainJobs, mailHandler, TestClock } from '../../../test/mail-test-kit';
import { describeEachDialect } from '../../../test/test-app';
import { enqueueMail } from './mail-queue';

interface Item {
  id: string;
  recipient: string;
  subject: string;
  status: string;
}

describeEachDialect('mail queue', (ctx) => {
  const setup = async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db, { email_footer: 'Outbox AG' });
    const content = await signIn(app, await createUser(deps.db, client, { role: 'CONTENT_MASTER' }));
    // One second apart, so "newest first" has one right answer (ids within a millisecond are not ordered).
    let at = Date.now() - 3_600_000;
    const queue = (n: number, prefix: string) =>
      deps.db.transaction().execute(async (trx) => {
        const ids: string[] = [];
        for (let i = 0; i < n; i++) {
          ids.push(
            await enqueueMail(
              trx,
              client.id,
              {
                to: `${prefix}${i}@Example.test`,
                subject: `${prefix} Nachricht ${i}`,
                text: `Text ${i}`,
                locale: 'de-DE',
              },
              new Date((at += 1_000)),
            ),
          );
        }
        return ids;
      });
    return { client, content, queue };
  };

  it('lists the queue paged on the server, newest first, filtered by status, recipient and subject', async () => {
    const { content, queue } = await setup();
    await queue(12, 'alpha');
    await queue(3, 'beta');
    const first = await content.get('/api/mail-queue', { pageSize: '10' });
    expect(first.statusCode).toBe(200);
    const page = first.json<{ total: number; items: Item[]; page: number; pageSize: number }>();
    expect(page).toMatchObject({ total: 15, page: 1, pageSize: 10 });
    expect(page.items).toHaveLength(10);
    expect(page.items.slice(0, 3).map((i) => i.subject)).toEqual([
      'beta Nachricht 2',
      'beta Nachricht 1',
      'beta Nachricht 0',
    ]);
    expect(
      (await content.get('/api/mail-queue', { pageSize: '10', page: '2' })).json<{ items: Item[] }>().items,
    ).toHaveLength(5);
    expect((await content.get('/api/mail-queue', { recipient: 'BETA1@' })).json()).toMatchObject({
      total: 1,
      items: [{ recipient: 'beta1@Example.test' }],
    });
    expect((await content.get('/api/mail-queue', { subject: 'alpha nachricht 1' })).json()).toMatchObject({ total: 3 });
    expect((await content.get('/api/mail-queue', { status: 'sent' })).json()).toMatchObject({ total: 0 });
    expect((await content.get('/api/mail-queue', { search: '100%' })).json()).toMatchObject({ total: 0 });
    const sorted = (await content.get('/api/mail-queue', { sort: 'recipient', order: 'asc', pageSize: '10' })).json<{
      items: Item[];
    }>();
    expect(sorted.items[0]?.recipient).toBe('alpha0@Example.test');
  });

  it('finds LIKE wildcards literally: "%" matches only a subject that has one', async () => {
    const { content, client } = await setup();
    const { deps } = ctx();
    await deps.db.transaction().execute(async (trx) => {
      for (const subject of ['50% Rabatt', 'Normal_Text', 'Anders'])
        await enqueueMail(trx, client.id, { to: 'wild@example.test', subject, text: 't', locale: 'de-DE' });
    });
    const find = async (query: Record<string, string>) =>
      (await content.get('/api/mail-queue', query)).json<{ items: Item[] }>().items.map((i) => i.subject);
    expect(await find({ subject: '%' })).toEqual(['50% Rabatt']);
    expect(await find({ search: '_' })).toEqual(['Normal_Text']);
  });

  it('answers 400 for a bad filter or page size', async () => {
    const { content } = await setup();
    const queries: Record<string, string>[] = [
      { status: 'lost' },
      { pageSize: '7' },
      { sort: 'password' },
      { page: '0' },
    ];
    for (const query of queries) {
      const res = await content.get('/api/mail-queue', query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed' });
    }
  });

  it('delivers into DATA_DIR/outbox as .eml files when no SMTP is configured', async () => {
    const { deps } = ctx();
    const { content, queue } = await setup();
    const [id] = await queue(1, 'outbox');
    const handler = mailHandler();
    await drainJobs(deps, [handler], new TestClock());
    const detail = (await content.get(`/api/mail-queue/${id}`)).json<{
      status: string;
      transport: string;
      history: { outcome: string }[];
    }>();
    expect(detail).toMatchObject({ status: 'sent', transport: 'outbox', history: [{ outcome: 'sent' }] });
    const dir = path.join(deps.config.dataDir, 'outbox');
    const file = readdirSync(dir).find((f) => f.includes(id ?? '-'));
    expect(file).toMatch(/\.eml$/);
    const parsed = await simpleParser(readFileSync(path.join(dir, file ?? '')));
    expect(parsed.subject).toBe('outbox Nachricht 0');
    expect(parsed.text).toContain('Outbox AG');
    expect(parsed.from?.value[0]?.address).toMatch(/^no-reply@c.+\.test$/);
  });

  it('cancels a waiting mail, which is then not sent, and sends it again on retry', async () => {
    const { deps } = ctx();
    const { content, queue } = await setup();
    const [id] = await queue(1, 'cancel');
    const cancelled = await content.post(`/api/mail-queue/${id}/cancel`);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    const handler = mailHandler();
    const clock = new TestClock();
    await drainJobs(deps, [handler], clock);
    expect((await content.get(`/api/mail-queue/${id}`)).json()).toMatchObject({ status: 'cancelled', attempts: 0 });
    expect((await content.post(`/api/mail-queue/${id}/cancel`)).statusCode).toBe(409);

    const retried = await content.post(`/api/mail-queue/${id}/retry`);
    expect(retried.json()).toMatchObject({ status: 'queued' });
    clock.advanceMinutes(1);
    await drainJobs(deps, [handler], clock);
    expect((await content.get(`/api/mail-queue/${id}`)).json()).toMatchObject({ status: 'sent', attempts: 1 });
    expect((await content.post(`/api/mail-queue/${id}/retry`)).json()).toMatchObject({ error: 'conflict' });
    expect((await content.post(`/api/mail-queue/${id}/cancel`)).statusCode).toBe(409);
  });

  it('sends a mail once when its old job comes due again after a cancel and a retry gave it a new one', async () => {
    const { deps } = ctx();
    const { content, queue } = await setup();
    const [id] = await queue(1, 'twice');
    const oldJob = await deps.db
      .selectFrom('mail_queue')
      .select('job_id')
      .where('id', '=', id!)
      .executeTakeFirstOrThrow();
    await content.post(`/api/mail-queue/${id}/cancel`);
    await content.post(`/api/mail-queue/${id}/retry`);
    // As if the old job had been running during the cancel and was rescheduled by its own failure.
    await deps.db
      .updateTable('jobs')
      .set({ status: 'queued', run_at: new Date(0).toISOString(), lease_until: null, lease_token: null })
      .where('id', '=', oldJob.job_id!)
      .execute();
    const clock = new TestClock();
    clock.advanceMinutes(1);
    await drainJobs(deps, [mailHandler()], clock);
    const detail = (await content.get(`/api/mail-queue/${id}`)).json<{ history: unknown[] }>();
    expect(detail).toMatchObject({ status: 'sent', attempts: 1 });
    expect(detail.history).toHaveLength(1);
  });

  it('queues nothing when the change that causes a mail is rolled back (outbox in the same transaction)', async () => {
    const { deps } = ctx();
    const { client } = await setup();
    const count = async (table: 'mail_queue' | 'jobs') =>
      Number(
        (
          await deps.db
            .selectFrom(table)
            .select(deps.db.fn.countAll<number>().as('n'))
            .where('client_id', '=', client.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = { mails: await count('mail_queue'), jobs: await count('jobs') };
    await expect(
      deps.db.transaction().execute(async (trx) => {
        await enqueueMail(trx, client.id, { to: 'a@example.test', subject: 'Nie', text: 'Nie', locale: 'de-DE' });
        throw new Error('the causing change failed');
      }),
    ).rejects.toThrow('the causing change failed');
    expect({ mails: await count('mail_queue'), jobs: await count('jobs') }).toEqual(before);
  });

  it('refuses roles without the content capability (403) and hides another client’s mail (404)', async () => {
    const { app, deps } = ctx();
    const { queue } = await setup();
    const [id] = await queue(1, 'secret');
    const other = await createClient(deps.db);
    for (const role of ['PARTICIPANT', 'COORDINATOR', 'RESELLER_COORDINATOR', 'RESELLER'] as const) {
      const user = await signIn(app, await createUser(deps.db, other, { role }));
      expect((await user.get('/api/mail-queue')).statusCode).toBe(403);
    }
    const admin = await signIn(app, await createUser(deps.db, other, { role: 'ADMIN' }));
    expect((await admin.get('/api/mail-queue')).json()).toMatchObject({ total: 0 });
    for (const res of [
      await admin.get(`/api/mail-queue/${id}`),
      await admin.post(`/api/mail-queue/${id}/retry`),
      await admin.post(`/api/mail-queue/${id}/cancel`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('secret');
    }
  });
});
