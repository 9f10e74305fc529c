import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, heading, openPage, screenshot, settle, signIn } from './browser';
import { pickDate } from './date-picker';
import { useMailingJourney } from './mail-server';

// Issue 14, item 2 (spec section 2 "contact person page and appointment dialog"): a participant finds the contact
// persons of Demo by responsibility and asks one for an appointment. A second date before the first and no way to
// be reached are refused with their messages; a valid request arrives at the contact person through SMTP. Axe on
// every screen, screenshots in German and English at 1280 and 390 px.

const DAY_MS = 86_400_000;
const dayOf = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
const CONTACT_MAIL = 'hanna.huber@demo.example';

const atWidth = async (page: Page, width: number) => {
  await page.setViewportSize({ width, height: 800 });
  await settle(page);
};

describe('contact persons and the appointment dialog', () => {
  const { server, browser, smtp } = useMailingJourney();
  beforeAll(async () => {
    const [demo] = await server.db.all<{ id: string }>("SELECT id FROM clients WHERE name = 'Demo'");
    const now = new Date().toISOString();
    const insert = (responsibility: string, first: string, last: string, phone: string | null, email: string | null) =>
      server.db.run(
        'INSERT INTO client_contacts (id, client_id, responsibility, first_name, last_name, phone, email, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
        [randomUUID(), demo?.id ?? '', responsibility, first, last, phone, email, now, now],
      );
    await insert('Personalentwicklung', 'Hanna', 'Huber', '+49 30 123456', CONTACT_MAIL);
    await insert('IT-Support', 'Ida', 'Irrtum', '+49 30 999', null);
  });
  afterAll(async () => {
    await server?.db.run('DELETE FROM appointment_requests');
    await server?.db.run("DELETE FROM client_contacts WHERE last_name IN ('Huber', 'Irrtum')");
  });

  it('lists the contacts, refuses a wrong request with its message and mails a valid one to the contact person', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, server, 'participant@demo.example');
    await page.locator('#main-menu').getByRole('link', { name: 'Ansprechpersonen' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Ansprechpersonen');
    await page.getByRole('heading', { name: 'Personalentwicklung' }).waitFor();
    expect(await page.getByRole('link', { name: CONTACT_MAIL }).getAttribute('href')).toBe(`mailto:${CONTACT_MAIL}`);
    await page.getByText('Nur telefonisch erreichbar.').waitFor();
    await expectAccessible(page, 'contact persons');
    await screenshot(page, 'contacts-de-1280');
    await atWidth(page, 390);
    await screenshot(page, 'contacts-de-390');
    await atWidth(page, 1280);

    await page.getByRole('button', { name: 'Termin bei Hanna Huber anfragen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Termin mit Hanna Huber' });
    await dialog.waitFor();
    await expectAccessible(page, 'appointment dialog');
    await screenshot(page, 'appointment-dialog-de-1280');

    // The second date before the first: refused with its message, nothing sent. The picker offers no date before the
    // first once it is set, so the second is picked first (the server's rule is the one under test).
    await dialog.getByLabel('Telefonat').check();
    await pickDate(page, dialog, 'Zweiter Wunschtermin', dayOf(5));
    await pickDate(page, dialog, 'Erster Wunschtermin', dayOf(7));
    await dialog.getByLabel('Vormittags').check();
    await dialog.getByRole('button', { name: 'Anfrage senden' }).click();
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toBe('Der zweite Wunschtermin darf nicht vor dem ersten liegen.');
    await expectAccessible(page, 'appointment dialog with an error');
    await screenshot(page, 'appointment-dialog-error-de');

    // No e-mail and no phone: refused with its message.
    await pickDate(page, dialog, 'Zweiter Wunschtermin', dayOf(9));
    await dialog.getByRole('textbox', { name: 'E-Mail' }).fill('');
    await dialog.getByRole('textbox', { name: 'Telefon' }).fill('');
    await dialog.getByRole('button', { name: 'Anfrage senden' }).click();
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toContain('E-Mail-Adresse oder eine Telefonnummer');

    // A valid request reaches the contact person through the SMTP server.
    await dialog.getByRole('textbox', { name: 'Telefon' }).fill('+49 170 5550123');
    await dialog.getByLabel('Nachricht (optional)').fill('Fragen zur Schulung Arbeitssicherheit');
    await dialog.getByRole('button', { name: 'Anfrage senden' }).click();
    await page.getByText('Ihre Anfrage wurde an Hanna Huber gesendet.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const until = Date.now() + 30_000;
    let mail = smtp.messages.find((m) => m.subject === 'Terminanfrage von Paula Participant');
    while (!mail && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 200));
      mail = smtp.messages.find((m) => m.subject === 'Terminanfrage von Paula Participant');
    }
    expect(mail?.to && 'value' in mail.to ? mail.to.value[0]?.address : '').toBe(CONTACT_MAIL);
    expect(mail?.text).toContain('Art: Telefonat');
    expect(mail?.text).toContain('Bevorzugte Tageszeit: Vormittags');
    expect(mail?.text).toContain('Telefon: +49 170 5550123');
    expect(mail?.text).toContain('Fragen zur Schulung Arbeitssicherheit');
    await context.close();
  });

  it('shows the page and the dialog in English, at 1280 and 390 px', async () => {
    await server.db.run("UPDATE users SET locale = 'en-US' WHERE email_normalized = 'participant@demo.example'");
    try {
      const { context, page } = await openPage(browser, { locale: 'en-US' });
      await signIn(page, server, 'participant@demo.example');
      await page.goto(server.url('/contacts'));
      await expect.poll(() => heading(page).textContent()).toBe('Contact persons');
      await expectAccessible(page, 'contact persons (en)');
      await screenshot(page, 'contacts-en-1280');
      await page.getByRole('button', { name: 'Ask Hanna Huber for an appointment' }).click();
      await page.getByRole('dialog', { name: 'Appointment with Hanna Huber' }).waitFor();
      await expectAccessible(page, 'appointment dialog (en)');
      await screenshot(page, 'appointment-dialog-en-1280');
      await atWidth(page, 390);
      await screenshot(page, 'appointment-dialog-en-390');
      await page.keyboard.press('Escape');
      await screenshot(page, 'contacts-en-390');
      await context.close();
    } finally {
      await server.db.run("UPDATE users SET locale = 'de-DE' WHERE email_normalized = 'participant@demo.example'");
    }
  });
});
