import { expect, it } from 'vitest';
import { createClient, createUser, signIn } from '../../../test/factories';
import { drainJobs, TestClock, workerDeps } from '../../../test/mail-test-kit';
import { smtpError, useTestSmtp } from '../../../test/smtp-test-server';
import { caller, describeEachDialect, type TestContext } from '../../../test/test-app';
import { createJobHandlers } from '../../job-handlers';

/**
 * Spec section 8 "password reset mail failure": the forgot-password page answers the same whether or not the account
 * exists, so it cannot tell that the mail bounced. The user's record shows it to the admins who look after the
 * person (the user drawer of /coordination/users), with the server's answer, so they can fix the address and send
 * the link again.
 */
describeEachDialect('a failed password-reset mail shows on the user (spec section 8)', (ctx) => {
  const smtp = useTestSmtp();
  const runJobs = (c: TestContext) =>
    drainJobs(workerDeps(c.deps, { smtpUrl: smtp().url }), createJobHandlers(), new TestClock());

  it('the user record names the failed reset mail, its time and the answer; a delivered one clears it', async () => {
    const c = ctx();
    const client = await createClient(c.deps.db, { name: 'Demo' });
    const admin = await signIn(c.app, await createUser(c.deps.db, client, { role: 'ADMIN' }));
    const user = await createUser(c.deps.db, client, { role: 'PARTICIPANT', email: 'bounce@demo.example' });
    const other = await createUser(c.deps.db, client, { role: 'PARTICIPANT', email: 'fine@demo.example' });
    smtp().onRecipient = (address) =>
      address === 'bounce@demo.example' ? smtpError(550, '5.1.1 <bounce@demo.example>: mailbox unknown') : null;
    const anon = caller(c.app, client.host);
    for (const login of ['BOUNCE@demo.example', 'fine@demo.example']) {
      const res = await anon.post('/api/user/password-reset', { emailOrUsername: login, locale: 'en-US' });
      expect(res.statusCode, res.body).toBe(200);
    }
    await runJobs(c);
    await smtp().waitForMessages(1);

    const failed = await admin.get(`/api/users/${user.id}`);
    expect(failed.statusCode).toBe(200);
    expect(failed.json<{ accountMailFailure: unknown }>().accountMailFailure).toEqual({
      kind: 'password_reset',
      failedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as unknown,
      reason: expect.stringContaining('mailbox unknown') as unknown,
    });
    const fine = await admin.get(`/api/users/${other.id}`);
    expect(fine.json<{ accountMailFailure: unknown }>().accountMailFailure).toBeNull();
    // The list carries no such field (one query per row would be needed); the record does.
    const list = await admin.get('/api/users', { search: 'bounce' });
    expect(list.json<{ items: Record<string, unknown>[] }>().items[0]).not.toHaveProperty('accountMailFailure');

    // The admin corrects nothing but the mailbox comes back: the next reset mail arrives and the notice goes.
    smtp().onRecipient = () => null;
    const sent = await admin.post('/api/users/bulk', { action: 'sendPasswordReset', selection: { ids: [user.id] } });
    expect(sent.statusCode, sent.body).toBe(200);
    await runJobs(c);
    await smtp().waitForMessages(2);
    const cleared = await admin.get(`/api/users/${user.id}`);
    expect(cleared.json<{ accountMailFailure: unknown }>().accountMailFailure).toBeNull();
  });

  it("another client's admin learns nothing of it (404)", async () => {
    const c = ctx();
    const client = await createClient(c.deps.db);
    const foreign = await signIn(c.app, await createUser(c.deps.db, await createClient(c.deps.db), { role: 'ADMIN' }));
    const user = await createUser(c.deps.db, client, { role: 'PARTICIPANT', email: 'x@demo.example' });
    const res = await foreign.get(`/api/users/${user.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('accountMailFailure');
  });
});
