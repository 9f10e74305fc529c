import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, heading, openPage, screenshot, screenshotsAtWidths, signIn } from './browser';
import { resetLocales } from './database';
import { apiAs, createCourseWithModules, userIdOf } from './training-helpers';
import { useJourney } from './journey';

// Issue 30 point 2: certificates anyone can verify. The public page /verify/{code} for a valid, an expired and a
// withdrawn certificate, a wrong code and another client's host, in German and English; and a coordinator's
// withdrawal from the list of all certificates, after which the page says "withdrawn".

const COURSE = 'Erste Hilfe 2026';
/** Codes as the certificates feature makes them: 28 characters of Crockford's base32. */
const CODES = {
  valid: 'VA1D'.repeat(7),
  expired: 'EXP1'.repeat(7),
  withdrawn: 'WDRN'.repeat(7),
  spare: 'SPAR'.repeat(7),
};
const grouped = (code: string) => code.match(/.{4}/g)?.join('-') ?? code;

describe('certificate verification: the public page and a coordinator’s withdrawal', () => {
  const { server, browser } = useJourney();

  beforeAll(async () => {
    await resetLocales(server.db);
    const { courseId } = await createCourseWithModules(server, COURSE);
    const [group] = await server.db.all<{ id: string; client_id: string }>(
      "SELECT g.id, g.client_id FROM groups g JOIN users u ON u.client_id = g.client_id WHERE g.name = 'Vertrieb' AND u.email_normalized = ?",
      ['participant@demo.example'],
    );
    const admin = await apiAs(server, 'admin@demo.example');
    const participant = await userIdOf(server, 'participant@demo.example');
    // One training per certificate (a user has one certificate per training), rows as the certificates feature
    // writes them; validity (issue 30 point 1) is not there yet, so the database sets valid_until.
    const certificates: Array<[string, string | null, string | null]> = [
      [CODES.valid, '2999-12-31T00:00:00.000Z', null],
      [CODES.expired, '2025-01-31T00:00:00.000Z', null],
      [CODES.withdrawn, null, '2026-06-01T10:00:00.000Z'],
      [CODES.spare, null, null],
    ];
    for (const [code, validUntil, withdrawnAt] of certificates) {
      const training = await admin.post<{ id: string }>('/course-training', { courseId, groupIds: [group!.id] });
      const id = randomUUID();
      await server.db.run(
        'INSERT INTO course_certificates (id, client_id, training_id, user_id, locale, file_key, file_size, issued_at, regenerated_at, verification_code, valid_until) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        [
          id,
          group!.client_id,
          training.id,
          participant,
          'de-DE',
          'missing.pdf',
          100,
          '2026-03-02T09:30:00.000Z',
          null,
          code,
          validUntil,
        ],
      );
      await server.db.run(
        'INSERT INTO certificate_codes (code, client_id, certificate_id, created_at, withdrawn_at, withdrawn_reason) VALUES (?, ?, ?, ?, ?, ?)',
        [code, group!.client_id, id, '2026-03-02T09:30:00.000Z', withdrawnAt, withdrawnAt ? 'Falsche Person' : null],
      );
    }
  });

  const row = (page: Page, label: string) =>
    page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });

  it('shows holder, training, dates and status for valid, expired and withdrawn codes, and nothing for a wrong code or another client’s host', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(server.url(`/verify/${grouped(CODES.valid)}`));
    await expect.poll(() => heading(page).textContent()).toBe('Zertifikat prüfen');
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain('ist gültig');
    expect(await row(page, 'Inhaber/in').textContent()).toContain('Paula Participant');
    expect(await row(page, 'Schulung').textContent()).toContain(COURSE);
    expect(await row(page, 'Ausgestellt am').textContent()).toContain('02.03.2026');
    expect(await row(page, 'Gültig bis').textContent()).toContain('31.12.2999');
    expect(await row(page, 'Prüfcode').textContent()).toContain(grouped(CODES.valid));
    // Nothing else: no e-mail, no menu, no sign-in needed.
    expect(await page.locator('body').textContent()).not.toContain('participant@demo.example');
    await expectAccessible(page, 'verify: valid');
    await screenshotsAtWidths(page, 'verify-valid-de');

    await page.goto(server.url(`/verify/${CODES.expired.toLowerCase()}`));
    await expect.poll(() => page.getByText('Abgelaufen', { exact: true }).count()).toBe(1);
    expect(await row(page, 'Gültig bis').textContent()).toContain('31.01.2025');
    await expectAccessible(page, 'verify: expired');
    await screenshotsAtWidths(page, 'verify-expired-de');

    await page.goto(server.url(`/verify/${CODES.withdrawn}`));
    await expect.poll(() => page.getByText('Zurückgezogen', { exact: true }).count()).toBe(1);
    expect(await page.locator('body').textContent()).not.toContain('Falsche Person');
    expect(await row(page, 'Gültig bis').textContent()).toContain('Unbefristet');
    await expectAccessible(page, 'verify: withdrawn');
    await screenshotsAtWidths(page, 'verify-withdrawn-de');

    await page.goto(server.url(`/verify/${'Z'.repeat(28)}`));
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Kein Zertifikat gefunden');
    expect(await page.locator('body').textContent()).not.toContain('Paula');
    await expectAccessible(page, 'verify: wrong code');
    await screenshotsAtWidths(page, 'verify-unknown-de');

    // The demo's second client: the first client's code is unknown there, as a wrong code is.
    await page.goto(server.url(`/verify/${CODES.valid}`, 'beta.localhost'));
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Kein Zertifikat gefunden');
    expect(await page.locator('body').textContent()).not.toContain('Paula');

    await page.goto(server.url(`/verify/${CODES.valid}`));
    await expect.poll(() => heading(page).textContent()).toBe('Zertifikat prüfen');
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en-US');
    await expect.poll(() => heading(page).textContent()).toBe('Certificate verification');
    await expect.poll(() => page.getByText('Valid', { exact: true }).count()).toBe(1);
    expect(await row(page, 'Holder').textContent()).toContain('Paula Participant');
    await expectAccessible(page, 'verify: valid (English)');
    await screenshotsAtWidths(page, 'verify-valid-en');
    await page.goto(server.url(`/verify/${CODES.withdrawn}`));
    await expect.poll(() => page.getByText('Withdrawn', { exact: true }).count()).toBe(1);
    await screenshotsAtWidths(page, 'verify-withdrawn-en');
    await page.goto(server.url('/verify/nonsense'));
    await expect.poll(() => page.getByRole('status').textContent()).toContain('No certificate found');
    await expectAccessible(page, 'verify: wrong code (English)');
    await screenshotsAtWidths(page, 'verify-unknown-en');
    await context.close();
  });

  it('lets a coordinator withdraw one certificate with a reason in the list of all certificates; the page then says withdrawn', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, server, 'coordinator@demo.example');
    await page.goto(server.url('/documents/all'));
    await expect.poll(() => heading(page).textContent()).toBe('Alle Zertifikate');
    await expect.poll(() => page.getByText('Zurückgezogen', { exact: true }).count()).toBe(1);
    await expectAccessible(page, 'all certificates with withdrawal controls');
    await screenshotsAtWidths(page, 'verify-all-documents-de');
    const withdraw = page.getByRole('button', { name: 'Zertifikat von Paula Participant zurückziehen' });
    // Three certificates may still be withdrawn (the fourth already is).
    await expect.poll(() => withdraw.count()).toBe(3);
    // The newest first (issued the same moment; the id breaks the tie): withdraw each until the spare one is gone.
    await withdraw.first().click();
    const dialog = page.getByRole('dialog', { name: 'Zertifikat zurückziehen' });
    await expect.poll(() => dialog.count()).toBe(1);
    await dialog.getByRole('textbox', { name: 'Grund' }).fill('Name falsch geschrieben');
    await expectAccessible(page, 'withdraw dialog');
    // At 1280 px only: the 390 px list draws its rows anew (as cards), which would close the row's dialog.
    await screenshot(page, 'verify-withdraw-dialog-de-1280');
    await dialog.getByRole('button', { name: 'Zertifikat zurückziehen' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => withdraw.count()).toBe(2);
    await expect.poll(() => page.getByText('Zurückgezogen', { exact: true }).count()).toBe(2);
    await context.close();

    // Which one it was: the one of the four codes the database now names withdrawn besides the first.
    const rows = await server.db.all<{ code: string; withdrawn_reason: string | null }>(
      'SELECT code, withdrawn_reason FROM certificate_codes WHERE withdrawn_reason = ?',
      ['Name falsch geschrieben'],
    );
    expect(rows).toHaveLength(1);
    const visitor = await openPage(browser);
    await visitor.page.goto(server.url(`/verify/${rows[0]!.code}`));
    await expect.poll(() => visitor.page.getByText('Zurückgezogen', { exact: true }).count()).toBe(1);
    await visitor.context.close();
  });
});
