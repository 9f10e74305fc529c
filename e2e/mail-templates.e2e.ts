import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectAccessible, heading, launchBrowser, openPage, screenshot, signIn, switchLanguage } from './browser';
import { resetLocales, type TestDatabase } from './database';
import { startServer, type TestServer } from './harness';

/**
 * Puts a mail in the queue as the server's enqueueMail does (a job and a mail row). The running server's worker
 * then delivers it to its outbox folder; a `failed` one arrives as a mail that got a 5xx answer.
 */
async function queueMail(
  db: TestDatabase,
  clientId: string,
  to: string,
  subject: string,
  failed?: string,
): Promise<void> {
  const now = new Date().toISOString();
  const jobId = randomUUID();
  const mailId = randomUUID();
  await db.run(
    `INSERT INTO jobs (id, client_id, kind, status, payload, attempts, max_attempts, run_at, capability, created_at, updated_at)
     VALUES (?, ?, 'mail.send', ?, ?, 0, 100, ?, 'content.manage', ?, ?)`,
    [jobId, clientId, failed ? 'failed' : 'queued', JSON.stringify({ mailId }), now, now, now],
  );
  await db.run(
    `INSERT INTO mail_queue (id, client_id, job_id, template_kind, locale, to_address, to_address_normalized, subject, body_text,
       body_html, status, attempts, last_error, created_at, updated_at)
     VALUES (?, ?, ?, 'reminder', 'de-DE', ?, ?, ?, 'Hallo', '<p>Hallo</p>', ?, ?, ?, ?, ?)`,
    [mailId, clientId, jobId, to, to, subject, failed ? 'failed' : 'queued', failed ? 1 : 0, failed ?? null, now, now],
  );
  if (failed) {
    await db.run(
      `INSERT INTO mail_attempts (id, client_id, mail_id, attempted_at, outcome, transport, smtp_code, response)
       VALUES (?, ?, ?, ?, 'failed', 'platform-smtp', 550, ?)`,
      [randomUUID(), clientId, mailId, now, failed],
    );
  }
}

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

/**
 * axe on a screen that shows a previewed mail: the preview frame is sandboxed author HTML without scripts, which axe
 * cannot enter, so the check covers everything around it (the frame itself keeps its title).
 */
const expectAccessibleAroundPreview = (page: Page, screen: string) =>
  expectAccessible(page, screen, { exclude: ['iframe[sandbox]'] });

describe('a content master edits the German reminder template, previews it and sees the mail queue', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const [demo] = await server.db.all<{ id: string }>("SELECT id FROM clients WHERE platform_domain = 'localhost'");
    await queueMail(server.db, demo?.id ?? '', 'paula@example.test', 'Erinnerung: Brandschutz');
    await queueMail(
      server.db,
      demo?.id ?? '',
      'nobody@example.test',
      'Erinnerung: Erste Hilfe',
      '550 5.1.1 No such user here',
    );
  });
  beforeEach(async () => {
    await resetLocales(server.db);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('edits, previews and saves the German text, and refuses an unknown placeholder', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, server, 'content@demo.example');
    await page.goto(server.url('/content/mail-template'));
    await expect.poll(() => heading(page).textContent()).toBe('E-Mail-Vorlagen');
    const reminder = page.getByRole('link', { name: 'Erinnerung an die Schulung' });
    await reminder.waitFor();
    await expectAccessible(page, 'mail template list');
    await screenshot(page, 'mail-templates-de');

    await reminder.click();
    await expect.poll(() => heading(page).textContent()).toBe('Erinnerung an die Schulung');
    expect(await page.getByRole('tab', { name: 'Deutsch' }).getAttribute('aria-selected')).toBe('true');
    await expectAccessible(page, 'mail template editor');
    await textbox(page, 'Betreff').fill('Bitte abschließen: {{courseTitle}}');
    await textbox(page, 'Text').fill(
      'Hallo {{firstName}},\n\nbitte schließen Sie „{{courseTitle}}“ bis zum {{deadline}} ab:\n{{link}}',
    );
    await page.getByRole('button', { name: 'Vorschau' }).click();
    await expect
      .poll(() => page.getByTestId('preview-subject').textContent())
      .toBe('Bitte abschließen: Datenschutz-Grundlagen');
    const frame = page.frameLocator('iframe[title="HTML-Teil der Vorschau-E-Mail"]');
    await expect.poll(() => frame.locator('body').textContent()).toContain('Hallo Erika,');
    // The preview opens in a modal over the editor (issue 12), not below the fold.
    await expect.poll(() => page.getByRole('dialog', { name: 'Vorschau mit Beispieldaten' }).isVisible()).toBe(true);
    await expectAccessibleAroundPreview(page, 'mail template with preview');
    await screenshot(page, 'mail-template-preview-de');
    await page.getByRole('button', { name: 'Vorschau schließen' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Vorlage gespeichert.').waitFor();
    await screenshot(page, 'mail-template-de');

    // An empty English subject marks that field and the English tab, and the editor opens that tab (issue 12).
    await page.getByRole('tab', { name: 'Englisch' }).click();
    await textbox(page, 'Betreff').fill('');
    await page.getByRole('tab', { name: 'Deutsch' }).click();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toBe('Bitte prüfen Sie die markierten Felder.');
    const english = page.getByRole('tab', { name: /Englisch/ });
    expect(await english.getAttribute('aria-selected')).toBe('true');
    expect(await english.getByRole('img', { name: 'enthält Fehler' }).count()).toBe(1);
    expect(await textbox(page, 'Betreff').getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.getByText('Bitte füllen Sie dieses Feld aus.').isVisible()).toBe(true);
    await expectAccessible(page, 'mail template with a marked field');
    await screenshot(page, 'mail-template-marked-de');

    await page.reload();
    await expect.poll(() => textbox(page, 'Betreff').inputValue()).toBe('Bitte abschließen: {{courseTitle}}');
    await textbox(page, 'Betreff').fill('Hallo {{vorname}}');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toContain('Unbekannte Platzhalter: {{vorname}}');
    // An image from elsewhere would tell a third party who opened the mail (issue 28 point 1): refused, in German.
    await textbox(page, 'Betreff').fill('Bitte abschließen: {{courseTitle}}');
    await textbox(page, 'HTML (optional)').fill('<p><img src="https://tracker.example/p.png"> {{link}}</p>');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toContain('Die Vorlage lädt etwas von außerhalb');

    await switchLanguage(page, 'en-US');
    await page.goto(server.url('/content/mail-template'));
    await expect.poll(() => heading(page).textContent()).toBe('Mail templates');
    // The standard template's name is in the reader's language (issue 12).
    await page.getByRole('link', { name: 'Training reminder' }).click();
    await page.getByRole('tab', { name: 'English' }).waitFor();
    expect(await page.getByRole('tab', { name: 'English' }).getAttribute('aria-selected')).toBe('true');
    await expectAccessible(page, 'mail template in English');
    await screenshot(page, 'mail-template-en');
    await context.close();
  });

  it('sees the mail queue with a delivered and a failed mail and the failed attempt', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, server, 'content@demo.example');
    await page.goto(server.url('/content/mail-queue'));
    await expect.poll(() => heading(page).textContent()).toBe('E-Mail-Warteschlange');
    const sentRow = page.getByRole('row', { name: /paula@example\.test/ });
    await expect
      .poll(
        async () => {
          if (!(await sentRow.getByText('Gesendet').isVisible()))
            await page.getByRole('button', { name: 'Aktualisieren' }).click();
          return sentRow.getByText('Gesendet').isVisible();
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    const failedRow = page.getByRole('row', { name: /nobody@example\.test/ });
    await expect.poll(() => failedRow.textContent()).toContain('Fehlgeschlagen');
    await expectAccessible(page, 'mail queue');
    await screenshot(page, 'mail-queue-de');

    await page.getByRole('searchbox', { name: 'Empfänger' }).fill('nobody');
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await failedRow.getByRole('button', { name: /Details/ }).click();
    const drawer = page.getByRole('dialog', { name: 'E-Mail an nobody@example.test' });
    await drawer.getByText('Zustellversuche').waitFor();
    await expect.poll(() => drawer.textContent()).toContain('Fehlgeschlagen');
    // The last-error column shows from a wider table (column priority 3); the drawer always shows the SMTP answer.
    await expect.poll(() => drawer.textContent()).toContain('550 5.1.1 No such user here');
    await expectAccessible(page, 'mail details');
    await page.keyboard.press('Escape');

    await failedRow.getByRole('button', { name: 'Erneut senden' }).click();
    await page.getByText('Die E-Mail wurde erneut eingereiht.').waitFor();

    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en-US');
    await expect.poll(() => heading(page).textContent()).toBe('Mail queue');
    await expectAccessible(page, 'mail queue in English');
    await screenshot(page, 'mail-queue-en');
    await context.close();
  });

  it('shows a reset mail in the queue with its link redacted, while the delivered mail carries the token', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, server, 'content@demo.example');
    // Anyone may ask for anyone's reset; the content master asks for the admin's and then reads the queue.
    const asked = await page.request.post(server.url('/api/user/password-reset'), {
      data: { emailOrUsername: 'admin@demo.example' },
    });
    expect(asked.status()).toBe(200);
    await page.goto(server.url('/content/mail-queue'));
    await page.getByRole('searchbox', { name: 'Empfänger' }).fill('admin@demo');
    const row = page.getByRole('row', { name: /admin@demo\.example/ });
    await expect
      .poll(
        async () => {
          if (!(await row.getByText('Gesendet').isVisible()))
            await page.getByRole('button', { name: 'Aktualisieren' }).click();
          return row.getByText('Gesendet').isVisible();
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    await row.getByRole('button', { name: /Details/ }).click();
    const drawer = page.getByRole('dialog', { name: 'E-Mail an admin@demo.example' });
    await drawer.getByText('Einmal-Links stehen hier gekürzt').waitFor();
    await expect.poll(() => drawer.textContent()).toMatch(/\/reset-password\?(locale=[\w-]+&)?token=…/);
    await expectAccessible(page, 'mail details with a redacted link');
    await screenshot(page, 'mail-redacted-link-de');

    // The mail that left (the outbox folder: no SMTP here) has the token; the screen has none of it.
    const outbox = path.join(server.dataDir, 'outbox');
    const delivered = await Promise.all(
      readdirSync(outbox).map((f) => simpleParser(readFileSync(path.join(outbox, f)))),
    );
    const tokens = delivered.flatMap((m) =>
      [...(m.text ?? '').matchAll(/reset-password\?(?:locale=[\w-]+&)?token=([\w-]{20,})/g)].map((x) => x[1]),
    );
    expect(tokens.length).toBeGreaterThan(0);
    const html = await page.content();
    for (const token of tokens) expect(html).not.toContain(token);
    await context.close();
  });

  it("lets an admin set up the client's SMTP: a private host is refused, a failed test disables it and says why", async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, server, 'admin@demo.example');
    const [demo] = await server.db.all<{ id: string }>("SELECT id FROM clients WHERE platform_domain = 'localhost'");
    await page.goto(server.url(`/reseller/clients/${demo?.id ?? ''}/smtp`));
    // The SMTP settings are a tab of the client's page, which names the client (issue 11).
    await expect.poll(() => heading(page).textContent()).toBe('Demo');
    await page.locator('main nav a[aria-current="page"]', { hasText: 'SMTP' }).waitFor();
    await textbox(page, 'Absenderadresse').fill('schulung@demo.example');
    await textbox(page, 'Server').fill('127.0.0.1');
    await textbox(page, 'Benutzername').fill('mailer');
    await page.getByLabel('Passwort', { exact: true }).fill('Geheim-123');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('nicht erlaubt');

    // A name that does not resolve is accepted at save time; the connection test then fails and disables it.
    await textbox(page, 'Server').fill('mail.invalid');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('SMTP-Einstellungen gespeichert.').waitFor();
    // Saving offers the test (issue 12); its failure is one state: the notice gives the reason by its code in
    // German, and the switch shows the configuration off.
    await page.getByRole('button', { name: 'Jetzt testen' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Deaktiviert' }).textContent())
      .toContain('Deaktiviert: Der Servername ist unbekannt (DNS).');
    await expect.poll(() => page.getByRole('switch', { name: 'Diesen Server verwenden' }).isChecked()).toBe(false);
    expect(await page.getByRole('button', { name: 'Jetzt testen' }).count()).toBe(0);
    expect(await page.content()).not.toContain('Geheim-123');
    await expectAccessible(page, 'SMTP settings');
    await screenshot(page, 'smtp-settings-de');
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en-US');
    await expect.poll(() => page.locator('main nav').textContent()).toContain('Secret tokens');
    await screenshot(page, 'smtp-settings-en');
    await context.close();
  });
});
