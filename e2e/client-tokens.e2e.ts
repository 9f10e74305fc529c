import { createHash } from 'node:crypto';
import http from 'node:http';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, heading, openPage, screenshot, settle, signIn } from './browser';
import { type TestServer } from './harness';
import { useJourney } from './journey';

// Issue 11 points 4 and 5: a RESELLER of Demo keeps Beta's contacts, companies and secret tokens on Beta's tabs.
// The token's secret is shown once; the directory ping accepts it on Beta's host until it is invalidated. Axe on
// every screen, screenshots in German and English at 1280 and 390 px.

const RESELLER = 'reseller@demo.example';

/** A narrower window slides the menu away; the screenshot waits until it is gone. */
const atWidth = async (page: Page, width: number) => {
  await page.setViewportSize({ width, height: 800 });
  await settle(page);
};
const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/** The directory's call: GET /api/directory/ping on Beta's host with the token (Node's http lets us set Host). */
function ping(server: TestServer, secret: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        path: '/api/directory/ping',
        headers: { host: 'beta.localhost', authorization: `Bearer ${secret}` },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe("client tokens, contacts and companies: a reseller keeps Beta's", () => {
  const { server, browser } = useJourney();
  let betaId = '';
  beforeAll(async () => {
    const [beta] = await server.db.all<{ id: string }>("SELECT id FROM clients WHERE name = 'Beta'");
    betaId = beta?.id ?? '';
  });

  const createToken = async (page: Page, name: string): Promise<string> => {
    await page.getByRole('button', { name: 'Token anlegen' }).click();
    const drawer = page.getByRole('dialog', { name: 'Neues Token' });
    await drawer.getByLabel('Name').fill(name);
    await drawer.getByRole('button', { name: 'Token anlegen' }).click();
    const shown = page.getByRole('dialog', { name: 'Token angelegt' });
    await shown.getByLabel('Geheimnis', { exact: true }).waitFor();
    return shown.getByLabel('Geheimnis', { exact: true }).inputValue();
  };

  it('creates a token whose secret is shown once, and invalidates one and all with their messages', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, server, RESELLER);
    await page.goto(server.url(`/reseller/clients/${betaId}/tokens`));
    await expect.poll(() => heading(page).textContent()).toBe('Beta');
    await page.getByText('Noch keine Tokens.', { exact: false }).waitFor();
    await expectAccessible(page, 'tokens tab (empty)');

    const secret = await createToken(page, 'Entra-Bereitstellung');
    expect(secret).toMatch(/^lms_[A-Za-z0-9_-]{43}$/);
    const shown = page.getByRole('dialog', { name: 'Token angelegt' });
    expect(await shown.textContent()).toContain('wird nicht noch einmal angezeigt');
    await shown.getByRole('button', { name: 'Geheimnis kopieren' }).waitFor();
    await settle(page);
    await expectAccessible(page, 'token secret shown once');
    await screenshot(page, 'client-tokens-secret-de');
    const [stored] = await server.db.all<{ secret_hash: string; created_by_name: string }>(
      'SELECT secret_hash, created_by_name FROM client_tokens WHERE client_id = ?',
      [betaId],
    );
    expect(stored?.secret_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(stored?.created_by_name).toBe('Robert Reseller');
    expect(await ping(server, secret)).toBe(200);

    await shown.getByRole('button', { name: 'Fertig' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await page.reload();
    const row = rowOf(page, 'Entra-Bereitstellung');
    await expect.poll(() => row.textContent()).toContain('Aktiv');
    expect(await row.textContent()).toContain('Robert Reseller');
    expect(await page.content()).not.toContain(secret.slice(4));
    await expectAccessible(page, 'tokens tab');
    await screenshot(page, 'client-tokens-de');
    await atWidth(page, 390);
    await screenshot(page, 'client-tokens-de-390');
    await atWidth(page, 1280);

    await row.getByRole('button', { name: 'Entra-Bereitstellung ungültig machen' }).click();
    const confirm = page.getByRole('dialog', { name: 'Token ungültig machen' });
    await settle(page);
    await expectAccessible(page, 'invalidate confirm');
    await confirm.getByRole('button', { name: 'Ungültig machen' }).click();
    await page.getByText('Das Token Entra-Bereitstellung wurde ungültig gemacht.').waitFor();
    await expect.poll(() => row.textContent()).toContain('Ungültig gemacht');
    expect(await ping(server, secret)).toBe(401);

    // A token that is gone by the time the button is pressed: the failure has its own words.
    await createToken(page, 'Verschwunden');
    await page.getByRole('dialog', { name: 'Token angelegt' }).getByRole('button', { name: 'Fertig' }).click();
    await rowOf(page, 'Verschwunden').waitFor();
    await server.db.run("DELETE FROM client_tokens WHERE name = 'Verschwunden'");
    await rowOf(page, 'Verschwunden').getByRole('button', { name: 'Verschwunden ungültig machen' }).click();
    await page
      .getByRole('dialog', { name: 'Token ungültig machen' })
      .getByRole('button', { name: 'Ungültig machen' })
      .click();
    await page.getByText('Das Token konnte nicht ungültig gemacht werden.').waitFor();

    const second = await createToken(page, 'Zweites Token');
    await page.getByRole('dialog', { name: 'Token angelegt' }).getByRole('button', { name: 'Fertig' }).click();
    expect(await ping(server, second)).toBe(200);
    await page.getByRole('button', { name: 'Alle Tokens ungültig machen' }).click();
    const all = page.getByRole('dialog', { name: 'Alle Tokens ungültig machen' });
    await all.getByRole('button', { name: 'Alle Tokens ungültig machen' }).click();
    await page.getByText('1 Token wurde ungültig gemacht.').waitFor();
    expect(await ping(server, second)).toBe(401);
    await context.close();
  });

  it('adds and edits a contact, and adds and renames a company', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, server, RESELLER);
    await page.goto(server.url(`/reseller/clients/${betaId}/contacts`));
    await expect.poll(() => heading(page).textContent()).toBe('Beta');
    await page.getByRole('button', { name: 'Ansprechperson hinzufügen' }).click();
    const drawer = page.getByRole('dialog', { name: 'Neue Ansprechperson' });
    await drawer.getByLabel('Zuständigkeit').fill('Abrechnung');
    await drawer.getByLabel('Vorname').fill('Vera');
    await drawer.getByLabel('Nachname').fill('Vogel');
    await drawer.getByLabel('Telefon').fill('+49 30 123456');
    // An address the server refuses marks its field (issue 12 "a failed save marks the field"), not only the alert.
    await drawer.getByLabel('E-Mail').fill('vera.vogel');
    await drawer.getByRole('button', { name: 'Speichern' }).click();
    await expect.poll(() => drawer.getByLabel('E-Mail').getAttribute('aria-invalid')).toBe('true');
    expect(await drawer.getByRole('alert').textContent()).toBe('Bitte prüfen Sie die markierten Felder.');
    expect(await drawer.getByText('Bitte prüfen Sie diesen Wert.').count()).toBe(1);
    await settle(page);
    await expectAccessible(page, 'contact drawer with a marked field');
    await screenshot(page, 'client-contacts-drawer-marked-de');
    await atWidth(page, 390);
    await screenshot(page, 'client-contacts-drawer-marked-de-390');
    await atWidth(page, 1280);
    await drawer.getByLabel('E-Mail').fill('vera.vogel@beta.example');
    await settle(page);
    await expectAccessible(page, 'contact drawer');
    await screenshot(page, 'client-contacts-drawer-de');
    await drawer.getByRole('button', { name: 'Speichern' }).click();
    await rowOf(page, 'Vera Vogel').waitFor();
    await rowOf(page, 'Vera Vogel').getByRole('button', { name: 'Vera Vogel bearbeiten' }).click();
    const edit = page.getByRole('dialog', { name: 'Ansprechperson bearbeiten' });
    await edit.getByLabel('Zuständigkeit').fill('Technik');
    await edit.getByRole('button', { name: 'Speichern' }).click();
    await expect.poll(() => rowOf(page, 'Vera Vogel').textContent()).toContain('Technik');
    await expectAccessible(page, 'contacts tab');
    await screenshot(page, 'client-contacts-de');
    await atWidth(page, 390);
    await screenshot(page, 'client-contacts-de-390');
    await atWidth(page, 1280);

    await page.goto(server.url(`/reseller/clients/${betaId}/companies`));
    await page.getByRole('button', { name: 'Firma hinzufügen' }).click();
    const modal = page.getByRole('dialog', { name: 'Neue Firma' });
    await modal.getByLabel('Firma').fill('Reederei Nord');
    await modal.getByRole('button', { name: 'Speichern' }).click();
    await rowOf(page, 'Reederei Nord').waitFor();
    await page.getByRole('button', { name: 'Firma hinzufügen' }).click();
    await page.getByRole('dialog', { name: 'Neue Firma' }).getByLabel('Firma').fill('REEDEREI NORD');
    await page.getByRole('dialog', { name: 'Neue Firma' }).getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Eine Firma mit diesem Namen gibt es bereits.').waitFor();
    await settle(page);
    await expectAccessible(page, 'company modal with error');
    await page.getByRole('dialog', { name: 'Neue Firma' }).getByRole('button', { name: 'Abbrechen' }).click();
    await rowOf(page, 'Reederei Nord').getByRole('button', { name: 'Reederei Nord umbenennen' }).click();
    const rename = page.getByRole('dialog', { name: 'Firma umbenennen' });
    await rename.getByLabel('Firma').fill('Reederei Süd');
    await rename.getByRole('button', { name: 'Speichern' }).click();
    await rowOf(page, 'Reederei Süd').waitFor();
    await expectAccessible(page, 'companies tab');
    await screenshot(page, 'client-companies-de');
    await atWidth(page, 390);
    await screenshot(page, 'client-companies-de-390');
    await context.close();
  });

  it('shows the three tabs in English at 1280 and 390 px', async () => {
    await server.db.run("UPDATE users SET locale = 'en-US' WHERE email = ?", [RESELLER]);
    const { context, page } = await openPage(browser, { locale: 'en-US' });
    await signIn(page, server, RESELLER);
    for (const [tab, text] of [
      ['tokens', 'Entra-Bereitstellung'],
      ['contacts', 'Vera Vogel'],
      ['companies', 'Reederei Süd'],
    ] as const) {
      await atWidth(page, 1280);
      await page.goto(server.url(`/reseller/clients/${betaId}/${tab}`));
      await rowOf(page, text).waitFor();
      await expectAccessible(page, `${tab} tab (en)`);
      await screenshot(page, `client-${tab}-en`);
      await atWidth(page, 390);
      await screenshot(page, `client-${tab}-en-390`);
    }
    await server.db.run("UPDATE users SET locale = 'de-DE' WHERE email = ?", [RESELLER]);
    await context.close();
  });
});
