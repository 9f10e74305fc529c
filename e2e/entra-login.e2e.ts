import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestProvider, type TestProvider } from '../apps/server/test/oidc-test-provider';
import { expectAccessible, heading, launchBrowser, openPage, screenshot, signIn } from './browser';
import { startServer, type TestServer } from './harness';

// Issue 13 browser test: the /entra-login popup flow against a real OpenID provider on 127.0.0.1 (oidc-provider,
// over HTTPS with a certificate made here: msal-browser accepts only https authorities) signs in a user the
// directory provisioned through SCIM; an externally managed user's edit form offers only the role.

const TENANT = 'tenant-e2e';
const APP = 'e2e-app';

function selfSignedCert(): { key: string; cert: string; certFile: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lms-entra-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  return { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8'), certFile: cert };
}

/** The directory's call on Demo's host (node:http sets the Host that names the client). */
function scim(
  server: TestServer,
  secret: string,
  method: string,
  p: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        method,
        path: `/scim/v2${p}`,
        headers: { host: 'localhost', authorization: `Bearer ${secret}`, 'content-type': 'application/scim+json' },
      },
      (res) => {
        let data = '';
        res.on('data', (d: Buffer) => (data += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: data ? JSON.parse(data) : null }));
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

describe('Entra ID sign-in: /entra-login by popup', () => {
  let server: TestServer;
  let provider: TestProvider;
  let browser: Browser;
  const clients = [{ clientId: APP, redirectUris: [] as string[], postLogoutRedirectUris: [] as string[] }];

  beforeAll(async () => {
    const tls = selfSignedCert();
    provider = await startTestProvider({ tenants: [TENANT], clients, tls });
    server = await startServer({ ENTRA_AUTHORITY: provider.authority, NODE_EXTRA_CA_CERTS: tls.certFile });
    clients[0]!.redirectUris.push(server.url('/entra-login', 'localhost'));
    clients[0]!.postLogoutRedirectUris.push(server.url('/logout', 'localhost'));
    // The provider's certificate is made by this test.
    browser = await launchBrowser(['--ignore-certificate-errors']);
    await server.db.run(
      'UPDATE clients SET is_entra_enabled = ?, entra_client_id = ?, entra_tenant_id = ? WHERE platform_domain = ?',
      [true, APP, TENANT, 'localhost'],
    );
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await provider?.close();
  });

  it('signs in a user the directory provisioned, through the popup of the identity provider', async () => {
    const [demo] = await server.db.all<{ id: string }>("SELECT id FROM clients WHERE platform_domain = 'localhost'");
    const secret = `lms_${randomBytes(32).toString('base64url')}`;
    await server.db.run(
      'INSERT INTO client_tokens (id, client_id, name, secret_hash, expires_on, is_active, created_by_user_id, created_by_name, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      [
        randomBytes(8).toString('hex'),
        demo!.id,
        'Entra',
        createHash('sha256').update(secret).digest('hex'),
        null,
        true,
        null,
        'e2e',
        new Date().toISOString(),
      ],
    );
    const created = await scim(server, secret, 'POST', '/Users', {
      userName: 'erika.entra@corp.example',
      name: { givenName: 'Erika', familyName: 'Entra' },
      emails: [{ type: 'work', value: 'erika.entra@corp.example', primary: true }],
      active: true,
    });
    expect(created.status).toBe(201);
    provider.nextAccount = {
      sub: 'sub-erika',
      oid: 'oid-erika',
      email: 'erika.entra@corp.example',
      name: 'Erika Entra',
    };

    const { context, page } = await openPage(browser);
    await page.goto(server.url('/login', 'localhost'));
    const offer = page.getByRole('link', { name: 'Mit Microsoft anmelden' });
    await offer.waitFor();
    await expectAccessible(page, 'login with the Microsoft offer');
    await offer.click();
    await page.waitForURL((u) => u.pathname === '/entra-login');
    await expect.poll(() => heading(page).textContent()).toBe('Mit Microsoft anmelden');
    await expectAccessible(page, 'entra-login');
    await screenshot(page, 'entra-login-de-1280');
    const popup = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Mit Microsoft anmelden' }).click();
    await (await popup).waitForEvent('close', { timeout: 30_000 });
    await page.waitForURL((u) => u.pathname === '/', { timeout: 30_000 });
    const info = await page.evaluate(async () => (await fetch('/api/user/info')).status);
    expect(info).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('Erika Entra').first().isVisible()).toBe(true);

    // Issue 28 point 8: signing out ends the Microsoft session too and leaves nothing of msal in the browser.
    const kept = () =>
      page.evaluate(() => {
        const keys = (s: Storage) => Array.from({ length: s.length }, (_, i) => s.key(i) ?? '');
        const ours = (k: string) => k.startsWith('msal.') || k.startsWith('lms.entra');
        return {
          local: keys(localStorage).filter(ours),
          session: keys(sessionStorage).filter(ours),
          cookies: document.cookie.split(';').filter((c) => c.trim().startsWith('msal.')),
        };
      });
    const before = await kept();
    expect(before.local).toContain('lms.entra.access');
    expect(before.local.some((k) => k.startsWith('msal.'))).toBe(true);
    const ended = provider.endedSessions.length;
    // The menu's "Abmelden" leads here (a first sign-in's dialog may stand over the menu).
    await page.goto(server.url('/logout', 'localhost'));
    await expect.poll(() => provider.endedSessions.length, { timeout: 30_000 }).toBe(ended + 1);
    expect(provider.endedSessions.at(-1)).toMatchObject({
      tenant: TENANT,
      postLogoutRedirectUri: expect.stringContaining(server.url('/logout', 'localhost')) as unknown,
    });
    await page.waitForURL((u) => u.pathname === '/logout' && u.hostname === 'localhost', { timeout: 30_000 });
    await expect.poll(() => heading(page).textContent()).toBe('Abgemeldet');
    expect(await kept()).toEqual({ local: [], session: [], cookies: [] });
    expect(await page.evaluate(async () => (await fetch('/api/user/info')).status)).toBe(401);
    await context.close();
  });

  it("offers only the role in an externally managed user's edit form", async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, server, 'admin@demo.example');
    await page.goto(server.url('/coordination/users', 'localhost'));
    await page.getByRole('searchbox', { name: 'Suche' }).fill('Entra');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await page.getByRole('button', { name: 'Entra, Erika' }).click();
    const drawer = page.getByRole('dialog');
    await expect
      .poll(() => drawer.textContent())
      .toContain(
        'Dieser Benutzer wird von einem externen Verzeichnis verwaltet: Hier lässt sich nur die Rolle ändern.',
      );
    // Everything but the role is locked: names, login, status.
    for (const name of ['firstName', 'lastName', 'email'])
      expect(await drawer.locator(`input[name="${name}"]`).isDisabled(), name).toBe(true);
    expect(await drawer.getByRole('switch', { name: 'Aktiv' }).isDisabled()).toBe(true);
    expect(await drawer.getByRole('combobox', { name: 'Rolle' }).isEnabled()).toBe(true);
    await expectAccessible(page, 'user drawer of an externally managed user');
    await screenshot(page, 'entra-external-user-de-1280');
    await context.close();
  });
});
