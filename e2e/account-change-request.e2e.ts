import { describe, expect, it } from 'vitest';
import { expectAccessible, heading, openPage, screenshotsAtWidths, signIn } from './browser';
import { useJourney } from './journey';

// Issue 32: the data-change request of /account goes to the client's support e-mail and then leaves the form empty,
// so what was sent cannot be sent a second time by mistake. de and en, axe, 1280 and 390 px.

const PARTICIPANT = 'participant@demo.example';
const TEXT = {
  'de-DE': {
    title: 'Mein Konto',
    form: 'Änderung meiner Daten beantragen',
    city: 'Neuer Ort',
    message: 'Nachricht',
    submit: 'Anfrage senden',
    sent: 'Ihre Anfrage wurde an den Support gesendet.',
  },
  'en-US': {
    title: 'My account',
    form: 'Request a change of my data',
    city: 'New city',
    message: 'Message',
    submit: 'Send request',
    sent: 'Your request was sent to support.',
  },
} as const;

describe('the data-change request of the account page', () => {
  const { server, browser } = useJourney();

  for (const locale of ['de-DE', 'en-US'] as const) {
    it(`sends the request to support and empties the form (${locale})`, async () => {
      const text = TEXT[locale];
      await server.db.run('UPDATE users SET locale = ? WHERE email_normalized = ?', [locale, PARTICIPANT]);
      const { context, page } = await openPage(browser, { locale });
      await signIn(page, server, PARTICIPANT);
      await page.goto(server.url('/account'));
      await expect.poll(() => heading(page).textContent()).toBe(text.title);
      const form = page.getByRole('form', { name: text.form });
      await form.getByLabel(text.city).fill('Köln');
      await form.getByLabel(text.message).fill(`Umzug nach Köln (${locale}).`);
      await form.getByRole('button', { name: text.submit }).click();
      // The answer shows as a notice or as an error; a failure names the error rather than timing out on the notice.
      const answer = form.getByRole('status').or(form.getByRole('alert')).first();
      await answer.waitFor();
      expect(await answer.textContent()).toBe(text.sent);
      expect(await form.getByLabel(text.city).inputValue()).toBe('');
      expect(await form.getByLabel(text.message).inputValue()).toBe('');
      const [mail] = await server.db.all<{ to_address: string; body_text: string }>(
        "SELECT to_address, body_text FROM mail_queue WHERE template_kind = 'data_change_request' AND body_text LIKE ?",
        [`%(${locale})%`],
      );
      expect(mail?.to_address).toBe('support@demo.example');
      expect(mail?.body_text).toContain('Köln');
      await expectAccessible(page, `account page, change request sent (${locale})`);
      await form.scrollIntoViewIfNeeded();
      await screenshotsAtWidths(page, `account-change-request-${locale}`);
      await context.close();
    });
  }
});
