import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, heading, openPage, screenshot, settle, signIn } from './browser';
import { requirePasswordChange, resetLocales } from './database';
import { apiAs, onePagePdf } from './training-helpers';
import { useJourney } from './journey';

// Issue "Clients and the reseller area", points 3 and 7: the client's imprint and privacy policy are public pages
// linked from the login page (its footer) and the cookie dialog; the FAQ and About are public, the FAQ searchable,
// and a SUPERADMIN edits them on the page. Demo holds the SUPERADMIN, so it is the root client whose texts CSX shows.

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
// It opens with its own title, as many imprints do: the page shows that as its heading, once (issue 32).
const IMPRINT = [
  '# Impressum',
  '**Demo GmbH**, Musterstraße 1, 10115 Berlin',
  'Vertreten durch die Geschäftsführung. <script>window.hacked = true</script>',
  `![Logo](${PNG}) ![Tracker](https://tracker.example/pixel.png) [Klick](javascript:alert(1))`,
].join('\n\n');

/** Both widths of the screenshots, in the page's current language. */
async function shots(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize({ width: 390, height: 800 });
  await settle(page);
  await screenshot(page, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe('legal pages, FAQ and About', () => {
  const { server, browser } = useJourney();
  let betaId = '';
  beforeAll(async () => {
    await resetLocales(server.db);
    const superadmin = await apiAs(server, 'superadmin@demo.example');
    const [demo] = await server.db.all<{ id: string }>("SELECT id FROM clients WHERE name = 'Demo'");
    const [beta] = await server.db.all<{ id: string }>("SELECT id FROM clients WHERE name = 'Beta'");
    betaId = beta?.id ?? '';
    await superadmin.post(`/client/${demo?.id}/legal-texts/imprint`, { type: 'MARKDOWN', value: IMPRINT });
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(onePagePdf('Datenschutz bei Demo'))], { type: 'application/pdf' }),
      'ds.pdf',
    );
    await superadmin.post(`/client/${demo?.id}/legal-texts/privacy-policy/pdf`, form);
    // Beta shows the operator's imprint (CSX) and has no privacy policy yet.
    await superadmin.post(`/client/${betaId}/legal-texts/imprint`, { type: 'CSX' });
  });

  it('opens the imprint and the privacy policy from the login page, signed out, with the sanitised text and the PDF', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(server.url('/login'));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Impressum' }).click();
    await page.waitForURL(/\/client\/imprint$/);
    await expect.poll(() => heading(page).textContent()).toBe('Impressum');
    const text = page.getByTestId('legal-text');
    await expect.poll(() => text.textContent()).toContain('Demo GmbH');
    expect(await page.getByRole('heading', { name: 'Impressum' }).count()).toBe(1);
    expect(
      await text.locator('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')?.slice(0, 22))),
    ).toEqual(['data:image/png;base64,']);
    expect(await text.locator('script').count()).toBe(0);
    expect(await text.innerHTML()).not.toMatch(/javascript:|tracker\.example/);
    expect(await page.evaluate(() => (window as { hacked?: boolean }).hacked)).toBeUndefined();
    await expectAccessible(page, 'imprint page');
    await shots(page, 'legal-imprint-de');

    await page.getByRole('contentinfo').getByRole('link', { name: 'Datenschutz' }).click();
    await page.waitForURL(/\/client\/privacy-policy$/);
    await expect.poll(() => heading(page).textContent()).toBe('Datenschutzerklärung');
    await page.getByTestId('legal-pdf').waitFor();
    expect(await page.getByRole('link', { name: 'PDF herunterladen' }).getAttribute('href')).toMatch(/^blob:/);
    await expectAccessible(page, 'privacy policy page (PDF)');
    await shots(page, 'legal-privacy-pdf-de');
    await context.close();
  });

  it('links both pages from the cookie dialog, and shows the operator text (CSX) and the empty state on Beta, in English too', async () => {
    const { context, page } = await openPage(browser, { showCookieDialog: true });
    await page.goto(server.url('/login', 'beta.localhost'));
    const dialog = page.getByRole('dialog', { name: 'Cookies' });
    await dialog.getByRole('link', { name: 'Impressum' }).click();
    await page.waitForURL(/\/client\/imprint$/);
    await expect.poll(() => page.getByTestId('legal-text').textContent()).toContain('Demo GmbH');
    await dialog.getByRole('link', { name: 'Datenschutzerklärung' }).click();
    await page.waitForURL(/\/client\/privacy-policy$/);
    await expect.poll(() => page.getByTestId('legal-empty').textContent()).toContain('noch keine Datenschutzerklärung');
    await dialog.getByRole('button', { name: 'Ablehnen' }).click();
    await expectAccessible(page, 'empty privacy policy');
    await shots(page, 'legal-privacy-empty-de');
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en-US');
    await expect.poll(() => heading(page).textContent()).toBe('Privacy policy');
    await shots(page, 'legal-privacy-empty-en');
    await page.goto(server.url('/client/imprint', 'beta.localhost'));
    // The operator's German text brings its own heading, which stands in for the page's "Imprint" (issue 32).
    await expect.poll(() => heading(page).textContent()).toBe('Impressum');
    expect(await page.title()).toMatch(/^Imprint/);
    await expectAccessible(page, 'imprint page (English)');
    await shots(page, 'legal-imprint-en');
    await context.close();
  });

  it('shows the legal pages to a signed-in user who must still change the password', async () => {
    await requirePasswordChange(server.db, 'coordinator@demo.example');
    const { context, page } = await openPage(browser);
    await signIn(page, server, 'coordinator@demo.example');
    await page.waitForURL(/\/password-change-required$/);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Impressum' }).click();
    await page.waitForURL(/\/client\/imprint$/);
    await expect.poll(() => page.getByTestId('legal-text').textContent()).toContain('Demo GmbH');
    await page.goto(server.url('/client/privacy-policy'));
    await page.getByTestId('legal-pdf').waitFor();
    // Anything else still leads back to the password change.
    await page.goto(server.url('/faq'));
    await page.waitForURL(/\/password-change-required$/);
    await context.close();
  });

  it('redirects to an https link', async () => {
    const superadmin = await apiAs(server, 'superadmin@demo.example');
    await superadmin.post(`/client/${betaId}/legal-texts/privacy-policy`, {
      type: 'URL',
      value: 'https://legal.example/datenschutz',
    });
    const { context, page } = await openPage(browser);
    await page.route('https://legal.example/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<html lang="de"><title>Extern</title><h1>Extern</h1></html>' }),
    );
    await page.goto(server.url('/client/privacy-policy', 'beta.localhost'));
    await page.waitForURL('https://legal.example/datenschutz');
    await context.close();
  });

  it('finds a question in the FAQ signed out, and shows About', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(server.url('/faq'));
    await expect.poll(() => heading(page).textContent()).toBe('Hilfe');
    const questions = page.locator('.mantine-Accordion-item');
    await expect.poll(() => questions.count()).toBeGreaterThan(5);
    await page.getByRole('searchbox', { name: 'Fragen durchsuchen' }).fill('zertifikat pdf');
    await expect.poll(() => questions.count()).toBe(1);
    expect(await questions.first().textContent()).toContain('Wo finde ich mein Zertifikat?');
    expect(await page.getByRole('status').textContent()).toBe('1 Frage gefunden');
    await expectAccessible(page, 'FAQ with a search');
    await shots(page, 'faq-search-de');
    await page.getByRole('link', { name: 'Über diese Plattform' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Über diese Plattform');
    await expect.poll(() => page.getByTestId('about-text').textContent()).toContain('Zertifikate');
    await expectAccessible(page, 'About');
    await shots(page, 'about-de');
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en-US');
    await expect.poll(() => heading(page).textContent()).toBe('About this platform');
    await expect.poll(() => page.getByTestId('about-text').textContent()).toContain('Certificates');
    await shots(page, 'about-en');
    await page.goto(server.url('/faq'));
    await expect.poll(() => heading(page).textContent()).toBe('Help');
    await expect.poll(() => questions.count()).toBeGreaterThan(5);
    await shots(page, 'faq-en');
    await context.close();
  });

  it('lets the superadmin edit the German FAQ on the page, from the menu’s Help', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, server, 'superadmin@demo.example');
    await page.getByRole('navigation').getByRole('link', { name: 'Hilfe' }).click();
    await page.waitForURL(/\/faq$/);
    await page.getByRole('button', { name: 'Bearbeiten' }).click();
    const editor = page.getByRole('textbox', { name: 'Markdown (Deutsch)' });
    await expect.poll(() => editor.inputValue()).toContain('## Wie melde ich mich an?');
    await editor.fill(`${await editor.inputValue()}\n## Gibt es eine App?\nNein, die Plattform läuft im Browser.\n`);
    await expect.poll(() => page.getByTestId('markdown-preview').textContent()).toContain('Gibt es eine App?');
    await expectAccessible(page, 'FAQ editor');
    await shots(page, 'faq-editor-de');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Der Text (Deutsch) wurde gespeichert.').waitFor();
    await page.getByRole('region', { name: 'Hilfe bearbeiten' }).getByRole('button', { name: 'Schließen' }).click();
    await page.getByRole('searchbox', { name: 'Fragen durchsuchen' }).fill('App');
    await expect
      .poll(() => page.locator('.mantine-Accordion-item').first().textContent())
      .toContain('Gibt es eine App?');
    const [row] = await server.db.all<{ markdown: string }>(
      "SELECT markdown FROM platform_texts WHERE key = 'faq' AND locale = 'de-DE'",
    );
    expect(row?.markdown).toContain('## Gibt es eine App?');
    await context.close();
  });

  it('edits the legal texts in the client screen’s tab; a reseller coordinator only reads them', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, server, 'reseller@demo.example');
    await page.goto(server.url(`/reseller/clients/${betaId}/legal`));
    const imprint = page.getByRole('region', { name: 'Impressum' });
    await imprint.getByRole('combobox', { name: 'Art des Textes' }).selectOption('MARKDOWN');
    await imprint.getByRole('textbox', { name: 'Text in Markdown' }).fill('# Beta AG\n\nHauptstraße 5, Köln');
    await expect.poll(() => imprint.getByTestId('markdown-preview').textContent()).toContain('Beta AG');
    await imprint.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Impressum wurde gespeichert.').waitFor();
    await expectAccessible(page, 'legal texts tab');
    await shots(page, 'legal-tab-de');
    const privacy = page.getByRole('region', { name: 'Datenschutzerklärung' });
    await privacy.getByRole('combobox', { name: 'Art des Textes' }).selectOption('URL');
    await privacy.getByRole('textbox', { name: 'Adresse' }).fill('http://beta.example/ds');
    await privacy.getByText('Die Adresse muss mit https:// beginnen.').waitFor();
    await context.close();

    const beta = await openPage(browser);
    await beta.page.goto(server.url('/client/imprint', 'beta.localhost'));
    await expect.poll(() => beta.page.getByTestId('legal-text').textContent()).toContain('Hauptstraße 5');
    await beta.context.close();

    await server.db.run("UPDATE users SET locale = 'en-US' WHERE email = ?", ['reseller-coordinator@demo.example']);
    const reader = await openPage(browser, { locale: 'en-US' });
    await signIn(reader.page, server, 'reseller-coordinator@demo.example');
    await reader.page.goto(server.url(`/reseller/clients/${betaId}/legal`));
    await reader.page.getByText('You can read these texts but not change them.').waitFor();
    expect(await reader.page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await shots(reader.page, 'legal-tab-readonly-en');
    await reader.context.close();
  });
});
