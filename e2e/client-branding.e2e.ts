import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectAccessible, heading, openPage, screenshot, settle, signIn, submitLogin } from './browser';
import { mailedLink, useMailingJourney } from './mail-server';

// Issue 11, acceptance "Browser test": a RESELLER of Demo creates a client in the screens, gives it colours, a logo
// and an imprint; the new client's domain shows its login page in those colours with that logo and working legal
// links; its first admin activates the account from the mail and adds a participant; with the platform switched off
// the participant meets the explaining page while the admin still signs in.

const RESELLER = 'reseller@demo.example';
const NAME = 'Neu Lernwelt GmbH';
const DOMAIN = 'neu.localhost';
const ADMIN = 'leitung@neu.example';
const PARTICIPANT = 'lea.lernt@neu.example';
const PASSWORD = 'Neu-Lernwelt-2026!';
const IMPRINT = 'Neu Lernwelt GmbH, Musterstraße 1, 12345 Beispielstadt';
// Dark enough on the pale background that the theme keeps them as chosen (it only darkens colours below WCAG AA).
const COLOURS = { primaryButton: '#7a1f5c', headline: '#5b2a00', background: '#fff8e7' };
const LOGO = { width: 160, height: 48 };

const rgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};
const atWidth = (page: Page, width: number) => page.setViewportSize({ width, height: 800 });

/**
 * Opens the activation link and sets the password. A participant lands on the dashboard and closes the welcome dialog
 * of the first visit; staff land on their home with the platform's figures (issue 12), which has no welcome dialog.
 */
async function activate(page: Page, link: string, screen: string, role: 'staff' | 'participant'): Promise<void> {
  await page.goto(link);
  await expect.poll(() => heading(page).textContent()).toBe('Konto aktivieren');
  await expectAccessible(page, screen);
  await page.locator('input[name="newPassword"]').fill(PASSWORD);
  await page.locator('input[name="newPasswordRepeat"]').fill(PASSWORD);
  await page.getByRole('button', { name: 'Konto aktivieren' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  if (role === 'staff') {
    await expect.poll(() => heading(page).textContent()).toBe('Übersicht');
    return;
  }
  const welcome = page.getByRole('dialog', { name: `Willkommen bei ${NAME}` });
  await welcome.getByRole('button', { name: 'Los geht’s' }).click();
  await expect.poll(() => welcome.count()).toBe(0);
}

describe('branding: a reseller brands a new client, whose domain shows it, and closes its platform', () => {
  const { server, browser, smtp } = useMailingJourney();
  let clientId = '';
  /** The participant's browser, still signed in from the activation when the platform closes. */
  let signedIn: Awaited<ReturnType<typeof openPage>> | undefined;

  it('(1) the reseller creates the client in /reseller/clients', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, server, RESELLER);
    await page.getByRole('link', { name: 'Mandantenübersicht' }).first().click();
    await expect.poll(() => heading(page).textContent()).toBe('Mandantenübersicht');
    await page.getByRole('button', { name: 'Neuer Mandant' }).click();
    const drawer = page.getByRole('dialog', { name: 'Neuer Mandant' });
    await drawer.getByLabel('Firmenname').fill(NAME);
    await drawer.getByLabel('Plattform-Domain').fill(DOMAIN);
    await drawer.getByRole('textbox', { name: 'E-Mail' }).fill(ADMIN);
    await drawer.getByLabel('Vorname').fill('Lena');
    await drawer.getByLabel('Nachname').fill('Leitung');
    await settle(page);
    await expectAccessible(page, 'new client drawer');
    await drawer.getByRole('button', { name: 'Mandant anlegen' }).click();
    await expect.poll(() => heading(page).textContent()).toBe(NAME);
    clientId = new URL(page.url()).pathname.split('/').pop() ?? '';
    expect(await page.getByLabel('Plattform-Domain').inputValue()).toBe(DOMAIN);
    await expectAccessible(page, 'client data tab');
    await context.close();
  });

  it('(2) the reseller sets its colours, uploads its logo and writes its imprint', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, server, RESELLER);
    await page.goto(server.url(`/reseller/clients/${clientId}`));
    await expect.poll(() => heading(page).textContent()).toBe(NAME);
    await page.getByRole('link', { name: 'Design' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/design'));
    const colour = (label: string) => page.getByRole('textbox', { name: label, exact: true });
    for (const [label, value] of [
      ['Primäre Schaltfläche', COLOURS.primaryButton],
      ['Überschrift', COLOURS.headline],
      ['Hintergrund', COLOURS.background],
    ] as const) {
      await colour(label).fill(value);
      await colour(label).blur();
    }
    await expect.poll(() => page.getByText('Einige Farben sind schwer lesbar').count()).toBe(0);
    await page.getByRole('button', { name: 'Farben speichern' }).click();
    await expect.poll(() => page.getByText('Die Farben wurden gespeichert.').count()).toBeGreaterThan(0);
    const png = await sharp({ create: { ...LOGO, channels: 3, background: COLOURS.primaryButton } })
      .png()
      .toBuffer();
    await page.locator('input[type="file"]').setInputFiles({ name: 'neu.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('img', { name: `Logo von ${NAME}` }).waitFor();
    await expectAccessible(page, 'client design tab');

    await page.getByRole('link', { name: 'Rechtstexte' }).click();
    const imprint = page.getByRole('region', { name: 'Impressum' });
    await imprint.getByLabel('Art des Textes').selectOption('MARKDOWN');
    await imprint.getByLabel('Text in Markdown').fill(`## Anbieter\n\n${IMPRINT}`);
    await imprint.getByRole('button', { name: 'Speichern' }).click();
    // The notice first: axe would otherwise meet it fading in (its text at part opacity fails the contrast check).
    await expect.poll(() => page.getByText('Impressum wurde gespeichert.').count()).toBeGreaterThan(0);
    await expect
      .poll(async () => {
        const [row] = await server.db.all<{ imprint_type: string }>('SELECT imprint_type FROM clients WHERE id = ?', [
          clientId,
        ]);
        return row?.imprint_type;
      })
      .toBe('MARKDOWN');
    await expectAccessible(page, 'client legal texts tab');
    await context.close();
  });

  it('(3) the new domain shows the login page in its colours with its logo and working legal links', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(server.url('/login', DOMAIN));
    await expect.poll(() => heading(page).textContent()).toBe('Anmelden');
    const logo = page.getByRole('img', { name: `Logo von ${NAME}` });
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(LOGO.width);
    const logoSrc = await logo.evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(new URL(logoSrc).host).toBe(`${DOMAIN}:${server.port}`);
    expect(await logo.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(LOGO.height);
    const style = (locator: ReturnType<Page['locator']>, prop: string) =>
      locator.evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), prop);
    expect(await style(page.locator('form button[type="submit"]'), 'background-color')).toBe(
      rgb(COLOURS.primaryButton),
    );
    expect(await style(page.locator('body'), 'background-color')).toBe(rgb(COLOURS.background));
    expect(await style(heading(page), 'color')).toBe(rgb(COLOURS.headline));
    await expectAccessible(page, 'login page of the new client');
    await screenshot(page, 'branding-login-de');
    await atWidth(page, 390);
    await screenshot(page, 'branding-login-de-390');
    await atWidth(page, 1280);

    await page.getByRole('contentinfo').getByRole('link', { name: 'Impressum' }).click();
    await page.waitForURL(server.url('/client/imprint', DOMAIN));
    await expect.poll(() => page.getByTestId('legal-text').textContent()).toContain(IMPRINT);
    await expectAccessible(page, 'imprint of the new client');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Datenschutz' }).click();
    await page.waitForURL(server.url('/client/privacy-policy', DOMAIN));
    await expect.poll(() => heading(page).textContent()).toBe('Datenschutzerklärung');
    // The new client wrote no privacy policy: the page shows the one its chain resolves to, or says there is none.
    await expect
      .poll(
        async () => (await page.getByTestId('legal-text').count()) + (await page.getByTestId('legal-empty').count()),
      )
      .toBe(1);
    await expectAccessible(page, 'privacy policy of the new client');

    await page.goto(server.url('/login', DOMAIN));
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en-US');
    await expect.poll(() => heading(page).textContent()).toBe('Log in');
    await page.getByRole('img', { name: `Logo of ${NAME}` }).waitFor();
    await expectAccessible(page, 'login page of the new client (en)');
    await screenshot(page, 'branding-login-en');
    await atWidth(page, 390);
    await screenshot(page, 'branding-login-en-390');
    await context.close();
  });

  it('(4a) the first admin activates the account from the mail and adds a participant, who activates too', async () => {
    const admin = await openPage(browser);
    await activate(
      admin.page,
      await mailedLink(smtp, ADMIN, 'init-password'),
      'activation of the first admin',
      'staff',
    );
    expect(new URL(admin.page.url()).host).toBe(`${DOMAIN}:${server.port}`);
    await admin.page.goto(server.url('/coordination/users', DOMAIN));
    await expect.poll(() => heading(admin.page).textContent()).toBe('Benutzer');
    await admin.page.getByRole('button', { name: 'Neuer Benutzer' }).click();
    const drawer = admin.page.getByRole('dialog', { name: 'Neuer Benutzer' });
    await drawer.locator('input[name="firstName"]').fill('Lea');
    await drawer.locator('input[name="lastName"]').fill('Lernt');
    await drawer.locator('input[name="email"]').fill(PARTICIPANT);
    await settle(admin.page);
    await expectAccessible(admin.page, 'user drawer of the new client');
    await drawer.getByRole('button', { name: 'Speichern' }).click();
    await expect.poll(() => drawer.isVisible()).toBe(false);
    await admin.context.close();

    signedIn = await openPage(browser);
    await activate(
      signedIn.page,
      await mailedLink(smtp, PARTICIPANT, 'init-password'),
      'activation of the participant',
      'participant',
    );
    await expect.poll(() => heading(signedIn!.page).textContent()).toBe('Willkommen, Lea Lernt');
  });

  it('(4b) with the platform switched off the participant meets the explaining page, the admin signs in', async () => {
    const reseller = await openPage(browser);
    await signIn(reseller.page, server, RESELLER);
    await reseller.page.goto(server.url(`/reseller/clients/${clientId}`));
    await expect.poll(() => heading(reseller.page).textContent()).toBe(NAME);
    const active = reseller.page.getByRole('switch', { name: 'Plattform aktiv' });
    expect(await active.isChecked()).toBe(true);
    await active.click();
    expect(await active.isChecked()).toBe(false);
    await reseller.page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect.poll(() => reseller.page.getByText('Der Mandant wurde gespeichert.').count()).toBeGreaterThan(0);
    await expectAccessible(reseller.page, 'client data tab, platform off');
    await reseller.context.close();

    // Signed in before the platform closed: the next page she opens explains it, and her session is gone.
    await signedIn!.page.getByRole('link', { name: 'Downloads' }).first().click();
    await signedIn!.page.waitForURL(server.url('/platform-inactive', DOMAIN));
    await expect.poll(() => heading(signedIn!.page).textContent()).toBe('Plattform nicht aktiv');
    await expect.poll(async () => (await signedIn!.context.cookies()).some((c) => c.name === 'auth')).toBe(false);
    await expect.poll(() => heading(signedIn!.page).textContent()).toBe('Plattform nicht aktiv');
    await signedIn!.context.close();

    const participant = await openPage(browser);
    await participant.page.goto(server.url('/login', DOMAIN));
    await submitLogin(participant.page, PARTICIPANT, PASSWORD);
    await participant.page.waitForURL(server.url('/platform-inactive', DOMAIN));
    await expect.poll(() => heading(participant.page).textContent()).toBe('Plattform nicht aktiv');
    await expectAccessible(participant.page, 'platform inactive page of the new client');
    await screenshot(participant.page, 'branding-platform-inactive-de');
    // The sign-in was refused, so no session lets a typed address past it.
    await participant.page.goto(server.url('/', DOMAIN));
    await participant.page.waitForURL(server.url('/login', DOMAIN));
    await participant.context.close();

    const admin = await openPage(browser);
    await admin.page.goto(server.url('/login', DOMAIN));
    await submitLogin(admin.page, ADMIN, PASSWORD);
    await admin.page.waitForURL(server.url('/', DOMAIN));
    await expect.poll(() => heading(admin.page).textContent()).toBe('Übersicht');
    await expectAccessible(admin.page, 'dashboard of the admin on a closed platform');
    await admin.context.close();
  });
});
