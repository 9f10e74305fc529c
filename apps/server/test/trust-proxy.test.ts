import { expect, it, onTestFinished, vi } from 'vitest';
import { caller, describeEachDialect, type TestContext } from './test-app';
import { createClient } from './factories';

/**
 * Issue 28 point 4: behind one proxy, the client IP is the address the proxy appended to X-Forwarded-For, not what
 * the client wrote there; 31 logins with a fresh X-Forwarded-For each still meet the per-IP limit of 30 a minute.
 */
const PROXY = '10.0.0.5';

async function loginStatuses(ctx: TestContext, remoteAddress: string, forwarded: (i: number) => string) {
  const client = await createClient(ctx.deps.db);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-25T10:00:05Z'));
  onTestFinished(() => void vi.useRealTimers());
  const statuses: number[] = [];
  for (let i = 0; i < 31; i++) {
    const res = await caller(ctx.app, client.host).inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { emailOrUsername: `nobody${i}@example.test`, password: 'x' },
      remoteAddress,
      headers: { 'x-forwarded-for': forwarded(i) },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

const spoofed = (i: number) => `198.51.100.${i}`;

for (const setting of ['1', PROXY] as const) {
  describeEachDialect(
    `TRUST_PROXY=${setting}`,
    (ctx) => {
      it('reaches 429 for one client behind the proxy, whatever X-Forwarded-For it sends', async () => {
        // The proxy appends the address it saw ($proxy_add_x_forwarded_for) to the client's own header.
        const statuses = await loginStatuses(ctx(), PROXY, (i) => `${spoofed(i)}, 203.0.113.7`);
        expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
        expect(statuses[30]).toBe(429);
      });
    },
    { trustProxy: setting === '1' ? 1 : [PROXY] },
  );
}

describeEachDialect(
  'TRUST_PROXY=<the proxy address>',
  (ctx) => {
    it('ignores X-Forwarded-For from anyone but the proxy', async () => {
      const statuses = await loginStatuses(ctx(), '192.0.2.44', spoofed);
      expect(statuses[30]).toBe(429);
    });
  },
  { trustProxy: [PROXY] },
);
