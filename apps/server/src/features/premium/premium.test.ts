import { expect, it } from 'vitest';
import { createClient, createUser, signIn } from '../../../test/factories';
import { describeEachDialect } from '../../../test/test-app';
import { pdfText } from '../certificates/test-certificates';
import { ADDRESS, premiumWorld, SETTINGS } from './test-premium';

// Issue 14 points 4: prices per client, the offer, prepayment with its invoice and the admin's check, invoices
// numbered without gaps, and the catalogue of premium courses. PayPal: paypal.test.ts.

const STAFF = ['COORDINATOR', 'CONTENT_MASTER', 'RESELLER_COORDINATOR', 'RESELLER', 'ADMIN', 'SUPERADMIN'] as const;

describeEachDialect('premium: settings, offer, prepayment, invoices, catalogue', (ctx) => {
  it('saves the client prices (admin), refuses bad input, other roles and other clients', async () => {
    const w = await premiumWorld(ctx());
    const read = await w.admin.get('/api/premium/settings', { clientId: w.client.id });
    expect(read.json()).toMatchObject({
      enabled: true,
      monthlyCents: 999,
      yearlyCents: 9990,
      iban: 'DE89370400440532013000',
    });
    const bad = await w.admin.post('/api/premium/settings', { ...SETTINGS, clientId: w.client.id, monthlyCents: 9.5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'validation_failed' });
    const noPrice = await w.admin.post('/api/premium/settings', { ...SETTINGS, clientId: w.client.id, yearlyCents: 0 });
    expect(noPrice.statusCode).toBe(400);
    expect((await w.learner.post('/api/premium/settings', { ...SETTINGS, clientId: w.client.id })).statusCode).toBe(
      403,
    );
    const other = await createClient(ctx().deps.db);
    const foreign = await w.admin.post('/api/premium/settings', { ...SETTINGS, clientId: other.id });
    expect(foreign.statusCode).toBe(404);
    expect((await w.admin.get('/api/premium/settings', { clientId: other.id })).statusCode).toBe(404);
  });

  it('offers both plans with net, VAT and the yearly discount in whole percent', async () => {
    const w = await premiumWorld(ctx());
    const offer = await w.learner.get('/api/premium/offer');
    expect(offer.statusCode).toBe(200);
    expect(offer.json()).toMatchObject({
      available: true,
      currency: 'EUR',
      vatRatePercent: 19,
      yearlyDiscountPercent: 17,
      methods: ['prepayment'],
      plans: [
        { plan: 'monthly', grossCents: 999, netCents: 839, vatCents: 160, months: 1 },
        { plan: 'yearly', grossCents: 9990, netCents: 8395, vatCents: 1595, months: 12 },
      ],
      status: { active: false, pendingPurchaseId: null },
      billingAddress: null,
    });
  });

  it('prepayment: issues the invoice with bank details; premium waits until an admin marks it paid', async () => {
    const w = await premiumWorld(ctx());
    const bought = await w.learner.post('/api/premium/purchases', {
      plan: 'yearly',
      method: 'prepayment',
      billingAddress: ADDRESS,
    });
    expect(bought.statusCode).toBe(200);
    const purchase = bought.json<{ id: string; status: string; invoiceId: string }>();
    expect(purchase).toMatchObject({ status: 'pending', grossCents: 9990 });
    expect(purchase.invoiceId).toBeTruthy();

    const again = await w.learner.post('/api/premium/purchases', {
      plan: 'monthly',
      method: 'prepayment',
      billingAddress: ADDRESS,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'premium_purchase_pending' });

    const invoices = (await w.learner.get('/api/premium/invoices')).json<{
      items: Array<{ id: string; number: string }>;
    }>();
    expect(invoices.items).toHaveLength(1);
    expect(invoices.items[0]?.number).toBe('RE-000001');
    const pdf = await w.learner.get(`/api/premium/invoices/${purchase.invoiceId}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    for (const part of [
      'Jürgen Müller',
      'Hauptstraße 12a',
      '10115 Berlin',
      'RE-000001',
      'DE89370400440532013000',
      '99,90',
      '83,95',
      '15,95',
      '17 % Rabatt',
    ])
      expect(text).toContain(part);

    let status = (await w.learner.get('/api/premium/offer')).json<{
      status: { active: boolean; pendingPurchaseId: string };
    }>().status;
    expect(status).toMatchObject({ active: false, pendingPurchaseId: purchase.id });
    expect((await w.learner.get('/api/premium/catalogue')).json()).toMatchObject({ premium: false });

    // Only an admin of the client marks it paid.
    expect((await w.learner.post(`/api/premium/admin/purchases/${purchase.id}/paid`)).statusCode).toBe(403);
    const otherClient = await createClient(ctx().deps.db);
    const otherAdmin = await signIn(ctx().app, await createUser(ctx().deps.db, otherClient, { role: 'ADMIN' }));
    const foreign = await otherAdmin.post(`/api/premium/admin/purchases/${purchase.id}/paid`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('Müller');
    expect((await otherAdmin.get('/api/premium/admin/purchases', { clientId: w.client.id })).statusCode).toBe(404);
    expect((await w.learner.get('/api/premium/admin/purchases', { clientId: w.client.id })).statusCode).toBe(403);
    const badStatus = await w.admin.get('/api/premium/admin/purchases', { clientId: w.client.id, status: 'open' });
    expect(badStatus.json()).toMatchObject({ error: 'validation_failed' });
    const list = await w.admin.get('/api/premium/admin/purchases', { clientId: w.client.id, status: 'pending' });
    expect(list.json()).toMatchObject({ total: 1, items: [{ id: purchase.id, invoiceNumber: 'RE-000001' }] });

    const paid = await w.admin.post(`/api/premium/admin/purchases/${purchase.id}/paid`);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paid', invoiceId: purchase.invoiceId });
    const twice = await w.admin.post(`/api/premium/admin/purchases/${purchase.id}/paid`);
    expect(twice.statusCode).toBe(409);
    status = (await w.learner.get('/api/premium/offer')).json<{
      status: { active: boolean; pendingPurchaseId: string };
    }>().status;
    expect(status).toMatchObject({ active: true, pendingPurchaseId: null });
    // The billing address is kept for the next purchase's form.
    expect((await w.learner.get('/api/premium/offer')).json()).toMatchObject({
      billingAddress: { name: 'Jürgen Müller', country: 'DE' },
    });
  });

  it('refuses a bad purchase: a company without its name, an unknown plan, no offer, another user`s purchase', async () => {
    const w = await premiumWorld(ctx());
    const company = await w.learner.post('/api/premium/purchases', {
      plan: 'monthly',
      method: 'prepayment',
      billingAddress: { ...ADDRESS, customerKind: 'company' },
    });
    expect(company.statusCode).toBe(400);
    expect(JSON.stringify(company.json())).toContain('company');
    const plan = await w.learner.post('/api/premium/purchases', {
      plan: 'weekly',
      method: 'prepayment',
      billingAddress: ADDRESS,
    });
    expect(plan.statusCode).toBe(400);
    const noPaypal = await w.learner.post('/api/premium/purchases', {
      plan: 'monthly',
      method: 'paypal',
      billingAddress: ADDRESS,
    });
    expect(noPaypal.json()).toMatchObject({ error: 'paypal_unavailable' });

    const bought = (
      await w.learner.post('/api/premium/purchases', { plan: 'monthly', method: 'prepayment', billingAddress: ADDRESS })
    ).json<{ id: string; invoiceId: string }>();
    const neighbour = await signIn(ctx().app, await createUser(ctx().deps.db, w.client));
    expect((await neighbour.get(`/api/premium/purchases/${bought.id}`)).statusCode).toBe(404);
    expect((await neighbour.get(`/api/premium/invoices/${bought.invoiceId}/pdf`)).statusCode).toBe(404);

    const closed = await createClient(ctx().deps.db);
    const outsider = await signIn(ctx().app, await createUser(ctx().deps.db, closed));
    expect((await outsider.get('/api/premium/offer')).json()).toMatchObject({ available: false, plans: [] });
    const none = await outsider.post('/api/premium/purchases', {
      plan: 'monthly',
      method: 'prepayment',
      billingAddress: ADDRESS,
    });
    expect(none.json()).toMatchObject({ error: 'premium_not_available' });
    expect((await outsider.get(`/api/premium/purchases/${bought.id}`)).statusCode).toBe(404);
  });

  it('numbers the invoices of a client without gaps, each client on its own', async () => {
    const w = await premiumWorld(ctx());
    const numbers: string[] = [];
    for (let i = 0; i < 3; i++) {
      const user = await signIn(ctx().app, await createUser(ctx().deps.db, w.client));
      await user.post('/api/premium/purchases', { plan: 'monthly', method: 'prepayment', billingAddress: ADDRESS });
      numbers.push(
        (await user.get('/api/premium/invoices')).json<{ items: Array<{ number: string }> }>().items[0]!.number,
      );
    }
    expect(numbers).toEqual(['RE-000001', 'RE-000002', 'RE-000003']);
    const other = await premiumWorld(ctx());
    await other.learner.post('/api/premium/purchases', {
      plan: 'monthly',
      method: 'prepayment',
      billingAddress: ADDRESS,
    });
    expect((await other.learner.get('/api/premium/invoices')).json()).toMatchObject({
      items: [{ number: 'RE-000001' }],
    });
  });

  it('the catalogue: premium courses start as the user`s own training only with premium', async () => {
    const w = await premiumWorld(ctx());
    const course = (
      await w.admin.post('/api/courses', {
        i18n: { 'de-DE': { title: 'Premium-Kurs', description: 'Mehr' } },
        premium: true,
        active: true,
      })
    ).json<{ id: string }>();
    const plain = (
      await w.admin.post('/api/courses', { i18n: { 'de-DE': { title: 'Normal', description: '' } } })
    ).json<{ id: string }>();
    const catalogue = await w.learner.get('/api/premium/catalogue');
    expect(catalogue.json()).toEqual({
      premium: false,
      courses: [{ id: course.id, title: 'Premium-Kurs', description: 'Mehr', coverUrl: null, trainingId: null }],
    });
    const refused = await w.learner.post(`/api/premium/courses/${course.id}/start`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'premium_required' });

    const bought = (
      await w.learner.post('/api/premium/purchases', { plan: 'monthly', method: 'prepayment', billingAddress: ADDRESS })
    ).json<{ id: string }>();
    await w.admin.post(`/api/premium/admin/purchases/${bought.id}/paid`);
    const started = await w.learner.post(`/api/premium/courses/${course.id}/start`);
    expect(started.statusCode).toBe(200);
    const trainingId = started.json<{ trainingId: string }>().trainingId;
    expect((await w.learner.post(`/api/premium/courses/${course.id}/start`)).json()).toEqual({ trainingId });
    expect((await w.learner.get(`/api/user-course-trainings/${trainingId}`)).statusCode).toBe(200);
    expect((await w.learner.get('/api/premium/catalogue')).json()).toMatchObject({
      premium: true,
      courses: [{ trainingId }],
    });
    expect((await w.learner.post(`/api/premium/courses/${plain.id}/start`)).statusCode).toBe(404);
    const other = await premiumWorld(ctx());
    expect((await other.learner.post(`/api/premium/courses/${course.id}/start`)).statusCode).toBe(404);
  });

  it('staff learn too: every staff role sees the catalogue, starts a premium course and closes the welcome dialog', async () => {
    // Issue 32 (spec review): staff who take part in trainings get the dashboard's catalogue and welcome dialog.
    const w = await premiumWorld(ctx());
    const course = (
      await w.admin.post('/api/courses', {
        i18n: { 'de-DE': { title: 'Premium-Kurs', description: 'Mehr' } },
        premium: true,
        active: true,
      })
    ).json<{ id: string }>();
    for (const role of STAFF) {
      const staff = await signIn(ctx().app, await createUser(ctx().deps.db, w.client, { role }));
      expect((await staff.get('/api/user/info')).json(), role).toMatchObject({ role, welcomeDialogSeen: false });
      expect((await staff.get('/api/premium/catalogue')).json(), role).toEqual({
        premium: false,
        courses: [{ id: course.id, title: 'Premium-Kurs', description: 'Mehr', trainingId: null, coverUrl: null }],
      });
      const bought = (
        await staff.post('/api/premium/purchases', { plan: 'monthly', method: 'prepayment', billingAddress: ADDRESS })
      ).json<{ id: string }>();
      expect((await w.admin.post(`/api/premium/admin/purchases/${bought.id}/paid`)).statusCode, role).toBe(200);
      const started = await staff.post(`/api/premium/courses/${course.id}/start`);
      expect(started.statusCode, role).toBe(200);
      const { trainingId } = started.json<{ trainingId: string }>();
      expect((await staff.get('/api/user-course-trainings')).json(), role).toMatchObject({
        items: [{ id: trainingId }],
      });
      expect((await staff.post('/api/user', { welcomeDialogSeen: true })).json(), role).toMatchObject({
        welcomeDialogSeen: true,
      });
    }
  });
});
