import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectAccessible, heading, openPage, screenshot, settle, signIn } from './browser';
import { useJourney } from './journey';

// Issue 11 (clients): a RESELLER of Demo opens the client overview, creates a client, opens it, sets its colours
// and uploads its logo; axe on every screen, screenshots in German and English at 1280 and 390 px.

const RESELLER = 'reseller@demo.example';
const NAME = 'Acme Schulungen GmbH';

/** The navbar slides away below the breakpoint: the screenshot waits until it has. */
const atWidth = async (page: Page, width: number) => {
  await page.setViewportSize({ width, height: 800 });
  await settle(page);
};

describe('clients: a reseller creates a client and gives it colours and a logo', () => {
  const { server, browser } = useJourney();
  let clientId = '';

  it('lists Demo and its resold Beta in the overview and creates a client with its first admin', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, server, RESELLER);
    await page.getByRole('link', { name: 'Mandantenübersicht' }).first().click();
    await expect.poll(() => heading(page).textContent()).toBe('Mandantenübersicht');
    const body = page.locator('table > tbody');
    await expect.poll(() => body.textContent()).toContain('Beta');
    expect(await body.textContent()).toContain('beta.localhost');
    await expectAccessible(page, 'client overview');
    await screenshot(page, 'clients-overview-de');
    await atWidth(page, 390);
    await screenshot(page, 'clients-overview-de-390');
    await atWidth(page, 1280);

    await page.getByRole('button', { name: 'Neuer Mandant' }).click();
    const drawer = page.getByRole('dialog', { name: 'Neuer Mandant' });
    await drawer.getByLabel('Firmenname').fill(NAME);
    await drawer.getByLabel('Plattform-Domain').fill('https://Acme.localhost:443/');
    await drawer.getByRole('textbox', { name: 'E-Mail' }).fill('chefin@acme.example');
    await drawer.getByLabel('Vorname').fill('Clara');
    await drawer.getByLabel('Nachname').fill('Chefin');
    // The admin's address refused by the server marks that field (issue 12 "a failed save marks the field").
    const email = drawer.getByRole('textbox', { name: 'E-Mail' });
    await email.fill('chefin');
    await drawer.getByRole('button', { name: 'Mandant anlegen' }).click();
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    expect(await drawer.getByRole('alert').textContent()).toBe('Bitte prüfen Sie die markierten Felder.');
    await settle(page);
    await expectAccessible(page, 'new client drawer with a marked field');
    await screenshot(page, 'clients-new-drawer-marked-de');
    await atWidth(page, 390);
    await screenshot(page, 'clients-new-drawer-marked-de-390');
    await atWidth(page, 1280);
    await email.fill('chefin@acme.example');
    await settle(page);
    await expectAccessible(page, 'new client drawer');
    await screenshot(page, 'clients-new-drawer-de');
    await drawer.getByRole('button', { name: 'Mandant anlegen' }).click();
    await expect.poll(() => heading(page).textContent()).toBe(NAME);
    clientId = new URL(page.url()).pathname.split('/').pop() ?? '';
    const [row] = await server.db.all<{ platform_domain: string; reseller: string }>(
      `SELECT c.platform_domain, r.name AS reseller FROM clients c JOIN clients r ON r.id = c.reseller_client_id WHERE c.id = ?`,
      [clientId],
    );
    expect(row).toEqual({ platform_domain: 'acme.localhost', reseller: 'Demo' });
    const mails = await server.db.all<{ to_address: string }>('SELECT to_address FROM mail_queue WHERE client_id = ?', [
      clientId,
    ]);
    expect(mails.map((m) => m.to_address)).toEqual(['chefin@acme.example']);
    expect(await page.getByLabel('Plattform-Domain').inputValue()).toBe('acme.localhost');
    await expectAccessible(page, 'client data tab');
    await screenshot(page, 'client-data-de');
    await atWidth(page, 390);
    await screenshot(page, 'client-data-de-390');
    await context.close();
  });

  it('sets the colours with a live preview and a contrast warning, and uploads a logo', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, server, RESELLER);
    await page.goto(server.url(`/reseller/clients/${clientId}/design`));
    await expect.poll(() => heading(page).textContent()).toBe(NAME);
    const colour = (label: string) => page.getByRole('textbox', { name: label, exact: true });
    await colour('Text 2').fill('#c8c8c8');
    await colour('Text 2').blur();
    await expect.poll(() => page.getByText('Text 2 auf dem Hintergrund').count()).toBe(1);
    await colour('Text 2').fill('#4a5560');
    await colour('Text 2').blur();
    await colour('Primäre Schaltfläche').fill('#0b5d1e');
    await colour('Primäre Schaltfläche').blur();
    await expect.poll(() => page.getByText('Text 2 auf dem Hintergrund').count()).toBe(0);
    await page.getByRole('button', { name: 'Farben speichern' }).click();
    await expect
      .poll(async () => {
        const [c] = await server.db.all<{ colours: string }>('SELECT colours FROM clients WHERE id = ?', [clientId]);
        return JSON.parse(c?.colours ?? '{}') as Record<string, string>;
      })
      .toMatchObject({ primaryButton: '#0b5d1e', text2: '#4a5560' });

    const png = await sharp({ create: { width: 120, height: 40, channels: 3, background: '#0b5d1e' } })
      .png()
      .toBuffer();
    await page.locator('input[type="file"]').setInputFiles({ name: 'acme.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('img', { name: `Logo von ${NAME}` }).waitFor();
    const [stored] = await server.db.all<{ logo_mime: string }>('SELECT logo_mime FROM clients WHERE id = ?', [
      clientId,
    ]);
    expect(stored?.logo_mime).toBe('image/png');
    await expectAccessible(page, 'client design tab');
    await screenshot(page, 'client-design-de');
    await atWidth(page, 390);
    await screenshot(page, 'client-design-de-390');
    await context.close();
  });

  // Issue 28 points 6 and 5: the client's own ADMIN reads the licence, and the SMTP form says when a change of
  // server drops the stored password.
  for (const locale of ['de-DE', 'en-US'] as const)
    it(`shows Beta's ADMIN the licence read-only and warns before a new SMTP server drops the password (${locale})`, async () => {
      const t =
        locale === 'de-DE'
          ? {
              active: 'Plattform aktiv',
              domain: 'Plattform-Domain',
              name: 'Firmenname',
              host: 'Server',
              password: 'Passwort',
              save: 'Speichern',
              hint: 'gehören zur Lizenz',
              dropped: 'gespeicherte Passwort gelöscht',
            }
          : {
              active: 'Platform active',
              domain: 'Platform domain',
              name: 'Corporate name',
              host: 'Server',
              password: 'Password',
              save: 'Save',
              hint: 'belong to the licence',
              dropped: 'removes the stored password',
            };
      const lang = locale.slice(0, 2);
      await server.db.run('UPDATE users SET locale = ? WHERE email = ?', [locale, 'admin@beta.example']);
      const [beta] = await server.db.all<{ id: string }>(
        "SELECT id FROM clients WHERE platform_domain = 'beta.localhost'",
      );
      const { context, page } = await openPage(browser, { locale });
      await signIn(page, server, 'admin@beta.example', 'beta.localhost');
      await page.goto(server.url(`/reseller/clients/${beta!.id}`, 'beta.localhost'));
      await page.getByText(t.hint).waitFor();
      expect(await page.getByRole('switch', { name: t.active }).isDisabled()).toBe(true);
      expect(await page.getByRole('textbox', { name: t.domain }).isDisabled()).toBe(true);
      expect(await page.getByRole('textbox', { name: t.name }).isEnabled()).toBe(true);
      await expectAccessible(page, `client data tab of the own client (${lang})`);
      await screenshot(page, `client-data-licence-read-only-${lang}`);
      await atWidth(page, 390);
      await screenshot(page, `client-data-licence-read-only-${lang}-390`);
      await atWidth(page, 1280);

      await page.goto(server.url(`/reseller/clients/${beta!.id}/smtp`, 'beta.localhost'));
      const host = page.getByRole('textbox', { name: t.host });
      await host.waitFor();
      if (locale === 'de-DE') {
        // A stored configuration with a password, as the reseller left it.
        await page
          .getByRole('textbox', { name: /Absender|Sender/ })
          .first()
          .fill('training@beta.example');
        await host.fill('relay.example');
        await page.getByLabel(t.password, { exact: true }).fill('relay-secret');
        await page.getByRole('button', { name: t.save, exact: true }).click();
        await expect.poll(() => page.getByText('Ein Passwort ist gespeichert.').count()).toBeGreaterThan(0);
      }
      await host.fill('own-server.example');
      await page.getByText(t.dropped).waitFor();
      await expectAccessible(page, `SMTP tab with a changed server (${lang})`);
      await screenshot(page, `client-smtp-password-dropped-${lang}`);
      await atWidth(page, 390);
      await screenshot(page, `client-smtp-password-dropped-${lang}-390`);
      await context.close();
    });

  it('shows the overview and the client in English at 1280 and 390 px', async () => {
    await server.db.run("UPDATE users SET locale = 'en-US' WHERE email = ?", [RESELLER]);
    const { context, page } = await openPage(browser, { locale: 'en-US' });
    await signIn(page, server, RESELLER);
    await page.goto(server.url('/reseller/clients'));
    await expect.poll(() => heading(page).textContent()).toBe('Client overview');
    await expect.poll(() => page.locator('table > tbody').textContent()).toContain(NAME);
    await expectAccessible(page, 'client overview (en)');
    await screenshot(page, 'clients-overview-en');
    // The marked field in English: the new client drawer refuses an address without a domain.
    await page.getByRole('button', { name: 'New client' }).click();
    const drawer = page.getByRole('dialog', { name: 'New client' });
    await drawer.getByLabel('Corporate name').fill('Marked Ltd');
    await drawer.getByLabel('Platform domain').fill('marked.localhost');
    await drawer.getByRole('textbox', { name: 'E-mail' }).fill('boss');
    await drawer.getByLabel('First name').fill('Bea');
    await drawer.getByLabel('Last name').fill('Boss');
    await drawer.getByRole('button', { name: 'Create client' }).click();
    await expect.poll(() => drawer.getByText('Please check this value.').count()).toBe(1);
    await settle(page);
    await screenshot(page, 'clients-new-drawer-marked-en');
    await atWidth(page, 390);
    await screenshot(page, 'clients-new-drawer-marked-en-390');
    await atWidth(page, 1280);
    await drawer.getByRole('button', { name: 'Cancel' }).click();
    await atWidth(page, 390);
    await screenshot(page, 'clients-overview-en-390');
    await atWidth(page, 1280);
    await page.goto(server.url(`/reseller/clients/${clientId}/design`));
    await page.getByRole('img', { name: `Logo of ${NAME}` }).waitFor();
    await expectAccessible(page, 'client design tab (en)');
    await screenshot(page, 'client-design-en');
    await atWidth(page, 390);
    await screenshot(page, 'client-design-en-390');
    await page.goto(server.url(`/reseller/clients/${clientId}`));
    await expect.poll(() => heading(page).textContent()).toBe(NAME);
    await screenshot(page, 'client-data-en');
    await context.close();
  });
});
