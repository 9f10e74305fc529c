import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../apps/server/src/features/certificates/test-certificates';
import { startFakePaypal, type FakePaypal } from '../apps/server/test/fake-paypal';
import { expectAccessible, heading, openPage, screenshot, settle, signIn } from './browser';
import { apiAs } from './training-helpers';
import { useJourney } from './journey';

// Issue 14 "PayPal, in a browser": a participant buys the yearly plan with PayPal (the fake PayPal of the test
// suite, spoken to by the real client code); the page waits; PayPal's webhook arrives and premium is active; a
// premium course starts from the dashboard's catalogue; the invoice PDF names the billing address and the discounted
// price. Axe on every screen; screenshots in German and English at 1280 and 390 px.

const PARTICIPANT = 'participant@demo.example';
const COURSE = 'Verhandeln für Fortgeschrittene';

const atWidth = async (page: Page, width: number) => {
  await page.setViewportSize({ width, height: 800 });
  await settle(page);
};

const shots = async (page: Page, name: string) => {
  await screenshot(page, name);
  await atWidth(page, 390);
  await screenshot(page, `${name}-390`);
  await atWidth(page, 1280);
};

describe('premium: buying the yearly plan with PayPal', () => {
  let paypal: FakePaypal;
  // The fake PayPal starts first: the server is told its address.
  const { server, browser } = useJourney({
    env: async () => {
      paypal = await startFakePaypal();
      return paypal.env();
    },
  });
  beforeAll(async () => {
    const admin = await apiAs(server, 'admin@demo.example');
    const client = await admin.get<{ id: string }>('/client/current');
    await admin.post('/premium/settings', {
      clientId: client.id,
      enabled: true,
      monthlyCents: 999,
      yearlyCents: 9990,
      currency: 'EUR',
      vatRateBasisPoints: 1900,
      bankAccountHolder: 'Demo GmbH',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      bankName: 'Commerzbank',
      sellerVatId: 'DE123456789',
    });
    await admin.post('/courses', {
      i18n: {
        'de-DE': { title: COURSE, description: 'Harvard-Methode, Einwände, Abschluss.' },
        'en-US': { title: 'Advanced negotiation', description: 'Harvard method, objections, closing.' },
      },
      premium: true,
      active: true,
    });
  });
  afterAll(async () => {
    await paypal?.stop();
  });

  it('shows the plans, the billing step and the catalogue in English at 1280 and 390 px', async () => {
    await server.db.run("UPDATE users SET locale = 'en-US' WHERE email = ?", [PARTICIPANT]);
    const { context, page } = await openPage(browser, { locale: 'en-US' });
    await signIn(page, server, PARTICIPANT);
    await expect.poll(() => page.getByRole('heading', { name: 'Premium courses' }).count()).toBe(1);
    await expect.poll(() => page.getByText('Premium only').count()).toBe(1);
    await expectAccessible(page, 'dashboard with the premium catalogue (English)');
    await shots(page, 'premium-catalogue-en');
    await page.getByRole('link', { name: 'Get premium' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Premium');
    await expect.poll(() => page.getByTestId('price-yearly').textContent()).toContain('€99.90');
    expect(await page.getByText('Save 17%').count()).toBe(1);
    expect(await page.getByText('All prices include 19% VAT.', { exact: false }).count()).toBe(1);
    await expectAccessible(page, 'premium plans (English)');
    await shots(page, 'premium-plan-en');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.getByLabel('House number').count()).toBe(1);
    await expectAccessible(page, 'premium billing (English)');
    await shots(page, 'premium-billing-en');
    await context.close();
    await server.db.run("UPDATE users SET locale = 'de-DE' WHERE email = ?", [PARTICIPANT]);
  });

  it('buys the yearly plan with PayPal, waits for the webhook, starts a premium course and gets the invoice', async () => {
    paypal.captureStatus = 'PENDING'; // PayPal still checks the payment: only its webhook completes it
    await server.db.run("UPDATE users SET locale = 'de-DE' WHERE email = ?", [PARTICIPANT]);
    const { context, page } = await openPage(browser);
    await signIn(page, server, PARTICIPANT);
    await expect.poll(() => page.getByText('Nur mit Premium').count()).toBe(1);
    await expectAccessible(page, 'dashboard with the premium catalogue');
    await shots(page, 'premium-catalogue-de');

    // Step 1: the yearly plan, its price with the footnote marker and the discount.
    await page.getByRole('link', { name: 'Premium holen' }).click();
    await expect.poll(() => page.getByTestId('price-yearly').textContent()).toContain('99,90');
    expect(await page.getByText('17 % günstiger').count()).toBe(1);
    await page.getByRole('radio', { name: /Jährlich/ }).check();
    await expectAccessible(page, 'premium plans');
    await shots(page, 'premium-plan-de');
    await page.getByRole('button', { name: 'Weiter' }).click();

    // Step 2: the billing address, PayPal.
    await page.getByLabel(/^Name/).fill('Jürgen Müller');
    await page.getByLabel('Straße').fill('Hauptstraße');
    await page.getByLabel('Hausnummer').fill('12a');
    await page.getByLabel('PLZ').fill('10115');
    await page.getByLabel('Ort').fill('Berlin');
    // Issue 32 point 14: the country is chosen by its name, and the required fields are marked.
    await page.locator('input').and(page.getByLabel(/^Land/)).fill('Deutsch');
    await page.getByRole('option', { name: 'Deutschland', exact: true }).click();
    expect(await page.locator('input').and(page.getByLabel(/^Land/)).inputValue()).toBe('Deutschland');
    await page.getByRole('radio', { name: /PayPal/ }).check();
    expect(await page.getByTestId('purchase-summary').textContent()).toContain('99,90');
    await expectAccessible(page, 'premium billing');
    await shots(page, 'premium-billing-de');

    // PayPal's approval in its popup; it comes back to the platform and closes.
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Zahlungspflichtig kaufen' }).click(),
    ]);
    await popup.waitForURL((url) => url.pathname === '/checkoutnow');
    await popup.getByRole('button', { name: 'Approve payment' }).click();
    await popup.waitForEvent('close', { timeout: 20_000 });

    // The page waits: the poll has captured the order, but the capture is pending until PayPal's webhook.
    await expect.poll(() => page.getByText('Warten auf die Bestätigung von PayPal').count()).toBe(1);
    const order = [...paypal.orders.values()][0]!;
    await expect.poll(() => order.status, { timeout: 15_000 }).toBe('COMPLETED');
    expect(await page.getByTestId('purchase-pending').count()).toBe(1);
    await expectAccessible(page, 'premium waiting for PayPal');
    await shots(page, 'premium-waiting-de');

    // The webhook arrives (signed as PayPal signs it): premium is active without a reload.
    const status = await paypal.deliver(
      server.url('/api/premium/paypal/webhook'),
      paypal.signedDelivery(paypal.completeCapture(order.id)),
    );
    expect(status).toBe(200);
    await expect.poll(() => page.getByTestId('premium-active').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByText('Vielen Dank! Premium ist jetzt aktiv.').count()).toBe(1);
    await expectAccessible(page, 'premium active');
    await shots(page, 'premium-active-de');

    // A premium course starts from the dashboard's catalogue and becomes the user's training.
    await page.goto(server.url('/'));
    await page.getByRole('button', { name: `${COURSE} starten` }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/training/'));
    await expect.poll(() => heading(page).textContent()).toBe(COURSE);

    // The invoice: listed, downloaded, its text names the billing address and the discounted yearly price.
    await page.goto(server.url('/premium/invoices'));
    await expect.poll(() => page.locator('table > tbody').textContent()).toContain('RE-000001');
    await expectAccessible(page, 'invoices');
    await shots(page, 'premium-invoices-de');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Rechnung RE-000001 herunterladen' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Rechnung-RE-000001.pdf');
    const text = await pdfText(readFileSync(await download.path()));
    for (const part of [
      'Jürgen Müller',
      'Hauptstraße 12a',
      '10115 Berlin',
      'Premium-Abo, jährlich',
      '99,90',
      '17 % Rabatt',
    ])
      expect(text).toContain(part);
    await context.close();
  });

  it('prepayment: the invoice is issued, premium waits until the admin marks it paid in the client page', async () => {
    const buyer = await openPage(browser);
    await signIn(buyer.page, server, 'coordinator@demo.example');
    await buyer.page.goto(server.url('/premium'));
    await buyer.page.getByRole('button', { name: 'Weiter' }).click();
    await buyer.page.getByLabel(/^Name/).fill('Conrad Coordinator');
    await buyer.page.getByLabel('Straße').fill('Marktplatz');
    await buyer.page.getByLabel('Hausnummer').fill('3');
    await buyer.page.getByLabel('PLZ').fill('80331');
    await buyer.page.getByLabel('Ort').fill('München');
    await buyer.page.locator('input').and(buyer.page.getByLabel(/^Land/)).fill('Österr');
    await buyer.page.getByRole('option', { name: 'Österreich', exact: true }).click();
    await buyer.page.getByRole('radio', { name: /Vorkasse/ }).check();
    await buyer.page.getByRole('button', { name: 'Zahlungspflichtig kaufen' }).click();
    await expect.poll(() => buyer.page.getByText('Rechnung ausgestellt').count()).toBe(1);
    await expectAccessible(buyer.page, 'prepayment invoice issued');
    await shots(buyer.page, 'premium-prepayment-de');
    const [download] = await Promise.all([
      buyer.page.waitForEvent('download'),
      buyer.page.getByRole('button', { name: 'Rechnung herunterladen' }).click(),
    ]);
    const text = await pdfText(readFileSync(await download.path()));
    for (const part of ['Conrad Coordinator', 'Marktplatz 3', 'DE89370400440532013000', 'RE-000002'])
      expect(text).toContain(part);
    // The menu leads back to the invoices (issue 32 point 14: premium and invoices had no entry).
    await buyer.page.getByRole('navigation').getByRole('link', { name: 'Meine Rechnungen' }).click();
    await buyer.page.waitForURL(server.url('/premium/invoices'));
    await expect.poll(() => buyer.page.getByRole('main').textContent(), { timeout: 30_000 }).toContain('RE-000002');
    await buyer.page.goBack();

    // The admin sees the open prepayment on the client's Premium tab and marks it paid.
    const admin = await openPage(browser);
    await signIn(admin.page, server, 'admin@demo.example');
    const client = await (await apiAs(server, 'admin@demo.example')).get<{ id: string }>('/client/current');
    await admin.page.goto(server.url(`/reseller/clients/${client.id}/premium`));
    const mark = admin.page.getByRole('button', { name: 'Kauf von Conrad Coordinator als bezahlt markieren' });
    await expect.poll(() => mark.count()).toBe(1);
    await expectAccessible(admin.page, 'client premium tab');
    await shots(admin.page, 'premium-admin-de');
    await mark.click();
    await expect.poll(() => admin.page.getByText('Als bezahlt markiert; Premium ist aktiv.').count()).toBe(1);
    await admin.context.close();

    await buyer.page.reload();
    await expect.poll(() => buyer.page.getByTestId('premium-active').count(), { timeout: 15_000 }).toBe(1);
    await buyer.context.close();
  });

  it('shows premium and the invoices in English', async () => {
    await server.db.run("UPDATE users SET locale = 'en-US' WHERE email = ?", [PARTICIPANT]);
    const { context, page } = await openPage(browser, { locale: 'en-US' });
    await signIn(page, server, PARTICIPANT);
    await page.goto(server.url('/premium'));
    await expect.poll(() => page.getByTestId('premium-active').count()).toBe(1);
    await expectAccessible(page, 'premium active (English)');
    await shots(page, 'premium-active-en');
    await page.goto(server.url('/premium/invoices'));
    await expect.poll(() => heading(page).textContent()).toBe('My invoices');
    await expectAccessible(page, 'invoices (English)');
    await shots(page, 'premium-invoices-en');
    await context.close();
    await server.db.run("UPDATE users SET locale = 'de-DE' WHERE email = ?", [PARTICIPANT]);
  });

  it('staff who learn: the catalogue on their overview, and the welcome dialog once they take part in a training', async () => {
    // Issue 32 (spec review): staff who are also learners got neither. A coordinator in a training of their own gets
    // both and starts a premium course; a content master in none and without premium gets the catalogue, no dialog.
    const admin = await apiAs(server, 'admin@demo.example');
    const course = await admin.post<{ id: string }>('/courses', {
      i18n: { 'de-DE': { title: 'Erste Hilfe', description: '' }, 'en-US': { title: 'First aid', description: '' } },
      active: true,
    });
    const [coordinator] = await server.db.all<{ id: string }>('SELECT id FROM users WHERE email_normalized = ?', [
      'coordinator@demo.example',
    ]);
    await admin.post('/course-training', { courseId: course.id, userIds: [coordinator!.id] });
    await server.db.run('UPDATE users SET is_welcome_dialog_seen = ? WHERE email_normalized IN (?, ?)', [
      false,
      'coordinator@demo.example',
      'content@demo.example',
    ]);

    const { context, page } = await openPage(browser);
    await signIn(page, server, 'coordinator@demo.example');
    const welcome = page.getByRole('dialog', { name: 'Willkommen bei Demo' });
    await welcome.waitFor();
    await expect.poll(() => heading(page).first().textContent()).toBe('Übersicht');
    expect(await page.getByRole('heading', { name: 'Premium-Kurse' }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Erste Hilfe' }).count()).toBe(1);
    await expectAccessible(page, 'staff overview with the welcome dialog');
    await shots(page, 'staff-welcome-de');
    await welcome.getByRole('button', { name: 'Los geht’s' }).click();
    await welcome.waitFor({ state: 'hidden' });
    // The coordinator bought premium by prepayment above: the catalogue starts the course as a training of theirs.
    await expectAccessible(page, 'staff overview with the premium catalogue');
    await shots(page, 'staff-catalogue-de');
    await page.getByRole('button', { name: `${COURSE} starten` }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/training/'));
    await expect.poll(() => heading(page).first().textContent()).toBe(COURSE);
    await page.goto(server.url('/'));
    await expect.poll(() => page.getByRole('link', { name: `${COURSE} weiter lernen` }).count()).toBe(1);
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en-US');
    await expect.poll(() => page.getByRole('heading', { name: 'Premium courses' }).count()).toBe(1);
    await shots(page, 'staff-catalogue-en');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de-DE');
    // Closed once is closed for good (stored on the server).
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: 'Premium-Kurse' }).count()).toBe(1);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();

    const content = await openPage(browser);
    await signIn(content.page, server, 'content@demo.example');
    await expect.poll(() => content.page.getByText('Nur mit Premium').count()).toBe(1);
    await content.page.waitForLoadState('networkidle');
    expect(await content.page.getByRole('dialog').count()).toBe(0);
    await content.context.close();
  });
});
