import { LOGIN_LOCK_AFTER_FAILURES } from '@lms/contracts/constants';
import { expect, it } from 'vitest';
import { TEST_PASSWORD } from '../../../test/factories';
import { caller, describeEachDialect } from '../../../test/test-app';
import { directoryOf } from '../scim/scim-test-kit';

// Issue 28 point 7: a SCIM account's password login answered `login_not_allowed` before any password check, an
// unknown name `login_failed`: anyone could tell which names a client's directory provisioned. Both now take the
// same path (a dummy verify, the unknown-name failure count and lock), so answers and their sequence are alike.

describeEachDialect('password login of a directory (SCIM) account', (ctx) => {
  it('answers exactly as for an unknown name, try by try until the lock, and never signs in', async () => {
    const { app, deps } = ctx();
    const dir = await directoryOf(app, deps.db);
    const made = await dir.call('POST', '/Users', {
      userName: 'grace@corp.test',
      emails: [{ type: 'work', value: 'grace@corp.test' }],
    });
    expect(made.statusCode).toBe(201);
    const answers = async (name: string) => {
      const seen: string[] = [];
      for (let i = 0; i <= LOGIN_LOCK_AFTER_FAILURES; i++) {
        const res = await caller(app, dir.client.host).inject({
          method: 'POST',
          url: '/api/user/login',
          payload: { emailOrUsername: name, password: i === LOGIN_LOCK_AFTER_FAILURES ? TEST_PASSWORD : `wrong-${i}` },
          remoteAddress: `10.28.${name.length}.${i}`,
        });
        seen.push(`${res.statusCode} ${res.body}`);
      }
      return seen;
    };
    const scim = await answers('grace@corp.test');
    const unknown = await answers('nobody@corp.test');
    expect(scim).toEqual(unknown);
    expect(scim[0]).toMatch(/^401 .*"error":"login_failed"/);
    expect(scim.at(-1)).toMatch(/^401 .*"error":"login_locked"/);
    expect(scim.join('\n')).not.toMatch(/login_not_allowed|token/);
  });
});
