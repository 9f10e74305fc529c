import { expect, it } from 'vitest';
import { signIn, type TestUser } from '../../../test/factories';
import { caller, describeEachDialect } from '../../../test/test-app';
import { pdfText } from '../certificates/test-certificates';
import { loadTemplateLook } from '../templates/certificate/certificate-images';
import { DEMO_COMPANY } from './demo-legal';
import { seedDemoData } from './demo-seed';

// Issue 32 points 3 and 4: the demo sells the product. Its legal pages have text, its premium course has modules and
// covers, its invoices name the seller's address. The seed runs into this file's empty database (it seeds nothing
// into one that has data), so one test checks it all. The start from an empty data folder: test/demo-start.test.ts.
// Point 2: the demo's certificate template has a design, the client's logo and a signatory with a signature image.

const PASSWORD = 'Demo-Passw0rd-7x';
const ADDRESS = {
  customerKind: 'private',
  name: 'Paula Participant',
  street: 'Gartenweg',
  number: '3',
  zip: '20095',
  place: 'Hamburg',
  country: 'de',
  company: '',
  vatId: '',
} as const;

describeEachDialect('demo data', (ctx) => {
  it('has legal texts, a premium course with modules and covers, a signed certificate with the logo, and invoices with the seller address', async () => {
    const { app, deps } = ctx();
    expect(await seedDemoData(deps.db, PASSWORD, deps.config)).toEqual({ password: PASSWORD, generated: false });
    const demo = caller(app, 'localhost');

    // The imprint and the privacy policy, signed out, in German, English and French.
    for (const kind of ['imprint', 'privacy-policy']) {
      const res = await demo.get(`/api/client/${kind}`);
      expect(res.statusCode, kind).toBe(200);
      const html = res.json<{ type: string; html: string }>();
      expect(html.type).toBe('HTML');
      for (const part of ['Deutsch', 'English', 'Français', 'Demo GmbH', 'Lindenallee 42'])
        expect(html.html, `${kind}: ${part}`).toContain(part);
    }
    // Beta has set none (the legal pages' empty state stays to be seen).
    expect((await caller(app, 'beta.localhost').get('/api/client/privacy-policy')).json()).toMatchObject({
      type: 'NONE',
    });

    const user = (email: string): TestUser => ({ email, host: 'localhost' }) as unknown as TestUser;
    const admin = await signIn(app, user('admin@demo.example'), PASSWORD);
    const learner = await signIn(app, user('participant@demo.example'), PASSWORD);

    // The premium course: a PDF guide and the two SCORM packages, with a cover; the demo training's course too.
    const catalogue = await learner.get('/api/premium/catalogue');
    const [premium] = catalogue.json<{ courses: Array<{ id: string; coverUrl: string | null }> }>().courses;
    expect(premium?.coverUrl).toMatch(/^\/api\/courses\/[0-9a-f-]{36}\/cover\/[0-9a-f-]{36}$/);
    const content = await signIn(app, user('content@demo.example'), PASSWORD);
    const course = (await content.get(`/api/courses/${premium?.id}`)).json<{
      modules: Array<{ kind: string; scormVersion?: string | null }>;
      i18n: Record<string, unknown>;
    }>();
    expect(course.modules.map((m) => m.kind)).toEqual(['pdf', 'scorm', 'scorm']);
    expect(Object.keys(course.i18n).sort()).toEqual(['de-DE', 'en-US', 'fr-FR']);
    const cover = await demo.get(premium?.coverUrl ?? '');
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/webp');
    const mine = (await learner.get('/api/user-course-trainings')).json<{
      items: Array<{ coverUrl: string | null }>;
    }>();
    expect(mine.items[0]?.coverUrl).toMatch(/\/cover\//);

    // A prepayment purchase's invoice names the seller (the client's name and address settings) and its VAT id.
    const bought = await learner.post('/api/premium/purchases', {
      plan: 'monthly',
      method: 'prepayment',
      billingAddress: ADDRESS,
    });
    expect(bought.statusCode).toBe(200);
    const pdf = await learner.get(`/api/premium/invoices/${bought.json<{ invoiceId: string }>().invoiceId}/pdf`);
    const text = await pdfText(pdf.rawPayload);
    for (const part of [
      `${DEMO_COMPANY.street} ${DEMO_COMPANY.houseNumber}`,
      `${DEMO_COMPANY.zip} ${DEMO_COMPANY.city}`,
      'DE123456789',
      'Gartenweg 3',
    ])
      expect(text).toContain(part);
    // The demo course's certificate: a designed template with two signatories, the first with a signature image; the
    // PDF's look carries the client's logo and that image (PNG bytes), and the preview names the signatories.
    const templates = (await content.get('/api/certificate-template')).json<{
      items: Array<{ id: string; name: string }>;
    }>();
    const template = templates.items.find((t) => t.name === 'Teilnahmezertifikat');
    expect(template).toBeTruthy();
    expect((await content.get(`/api/certificate-template/${template?.id}`)).json()).toMatchObject({
      design: 'classic',
      orientation: 'landscape',
      signatories: [
        { name: 'Dr. Anna Schäfer', hasSignature: true },
        { name: 'Markus Weber', hasSignature: false },
      ],
    });
    const demoId = (await demo.get('/api/client/current')).json<{ id: string }>().id;
    const look = await loadTemplateLook(deps, demoId, template?.id ?? '');
    const PNG_MAGIC = '89504e47';
    expect(
      Buffer.from(look?.logo ?? [])
        .subarray(0, 4)
        .toString('hex'),
      'the logo',
    ).toBe(PNG_MAGIC);
    expect(
      Buffer.from(look?.signatories[0]?.image ?? [])
        .subarray(0, 4)
        .toString('hex'),
      'the signature',
    ).toBe(PNG_MAGIC);
    const preview = await content.post(`/api/certificate-template/${template?.id}/preview/de-DE`, {});
    expect(preview.statusCode).toBe(200);
    expect(await pdfText(preview.rawPayload)).toContain('Dr. Anna Schäfer');

    // The address is the client's setting, which its admin sees and may change.
    const clientId = (await demo.get('/api/client/current')).json<{ id: string }>().id;
    expect((await admin.get(`/api/client/${clientId}`)).json()).toMatchObject({
      address: { street: DEMO_COMPANY.street, houseNumber: DEMO_COMPANY.houseNumber, zip: '10115', city: 'Berlin' },
    });
  });
});
