import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { TRole } from '@lms/contracts/roles';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { buildContentApp } from '../src/content-app';
import type { ApiRoute } from '../src/platform/access';
import { newId } from '../src/platform/ids';
import { createClient, createUser, signIn, type TestClient } from './factories';
import { mostPrivilegedRole, paramsOf, withParams } from './route-walk';
import { caller, describeEachDialect, type Caller } from './test-app';

// The sweep of hardening issue point 3: every registered /api route gets malformed forms of every kind, sent as the
// most privileged role that may call it (so each request gets past the guard to parsing, validation and handler).
// Any 5xx or a request left without an answer fails, and no upload may leave a file in DATA_DIR/tmp.

const ANSWER_WITHIN_MS = 10_000;
const BATCH = 8;
const NEST = 10_000;
const MB = 1024 * 1024;
const UUID = () => newId();
/** A remote address of its own, so the sweep's failed logins never throttle the sign-ins of the test itself. */
const SWEEP_IP = '203.0.113.7';

const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const CSV = Buffer.from('firstName;lastName;email\nAda;Sweep;ada.sweep@example.test\n');
const HTML = Buffer.from('<html><body><p>Hello</p></body></html>');

type Form = { label: string; opts: InjectOptions };
type Part =
  { name: string; value: string | Buffer } | { name: string; filename: string; content: Buffer; type?: string };

const BOUNDARY = '----lms-sweep-7MA4YWxkTrZu0gW';

/** A multipart body as a browser's FormData sends it; `boundary: null` leaves the boundary out of the header. */
function multipart(parts: Part[], opts: { boundary?: string | null; cutAt?: number } = {}) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      'filename' in part
        ? `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
          `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`
        : `Content-Disposition: form-data; name="${part.name}"\r\n\r\n`;
    chunks.push(Buffer.from(`--${BOUNDARY}\r\n${head}`));
    chunks.push('filename' in part ? part.content : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  let payload = Buffer.concat(chunks);
  if (opts.cutAt !== undefined)
    payload = payload.subarray(0, opts.cutAt < 0 ? payload.length + opts.cutAt : opts.cutAt);
  const boundary = opts.boundary === undefined ? BOUNDARY : opts.boundary;
  const type = boundary === null ? 'multipart/form-data' : `multipart/form-data; boundary=${boundary}`;
  return { headers: { 'content-type': type }, payload };
}

const json = (payload: string | Buffer, type = 'application/json') => ({ headers: { 'content-type': type }, payload });

const deepArray = '['.repeat(NEST) + ']'.repeat(NEST);
const deepObject = '{"a":'.repeat(NEST) + '1' + '}'.repeat(NEST);
const oneMb = 'x'.repeat(MB);
/** Bytes that are not UTF-8: a lone continuation byte, 0xFF, and a broken two-byte sequence. */
const BAD_UTF8 = Buffer.from([0xff, 0xfe, 0x80, 0xc3, 0x28]);

/** Whole-body forms sent to every route, whatever it declares. */
const WHOLE_BODIES: Array<[string, { headers: Record<string, string>; payload: string | Buffer }]> = [
  ['json null', json('null')],
  ['json array', json('[1,2,3]')],
  ['json string', json('"x"')],
  ['json number', json('1e400')],
  ['json {}', json('{}')],
  ['json cut short', json('{"a":')],
  ['json empty', json('')],
  ['json bom', json('\ufeff{}')],
  ['json deep arrays', json(deepArray)],
  ['json deep objects', json(deepObject)],
  ['json invalid utf-8', json(Buffer.concat([Buffer.from('{"a":"'), BAD_UTF8, Buffer.from('"}')]))],
  ['json nul', json('{"a":"\\u0000"}')],
  ['json lone surrogate', json('{"a":"\\ud800"}')],
  ['json __proto__', json('{"__proto__":{"polluted":1}}')],
  ['json constructor.prototype', json('{"constructor":{"prototype":{"polluted":1}}}')],
  ['json 1 MB string', json(JSON.stringify(oneMb))],
  ['json over the body limit', json(JSON.stringify('x'.repeat(3 * MB)))],
  ['json charset utf-16', json('{}', 'application/json; charset=utf-16')],
  ['json charset garbage', json('{}', 'application/json; charset=%%%')],
  ['text/plain', json('hello', 'text/plain')],
  ['text/plain json', json('{}', 'text/plain')],
  ['application/xml', json('<a><b/></a>', 'application/xml')],
  ['form-urlencoded', json('a=1&b=%ZZ&c[d]=e', 'application/x-www-form-urlencoded')],
  ['octet-stream', json(Buffer.from([0, 1, 2, 255]), 'application/octet-stream')],
  ['content-type garbage', json('{}', ';;;=')],
  ['content-type unicode', json('{}', 'application/jsön')],
  ['no content-type', { headers: {}, payload: '{}' }],
  ['multipart without boundary', multipart([{ name: 'data', value: '{}' }], { boundary: null })],
  ['multipart empty boundary', multipart([{ name: 'data', value: '{}' }], { boundary: '' })],
  ['multipart wrong boundary', multipart([{ name: 'data', value: '{}' }], { boundary: 'other' })],
  ['multipart boundary of 300 characters', multipart([{ name: 'data', value: '{}' }], { boundary: 'b'.repeat(300) })],
  ['multipart cut short', multipart([{ name: 'file', filename: 'a.bin', content: TINY_PDF }], { cutAt: -30 })],
];

/** Junk for one path parameter: broken and NUL escapes, invalid UTF-8, very long, unicode, traversal. */
const PARAM_JUNK = [
  '%',
  '%ZZ',
  '%00',
  'a%00b',
  '%FF',
  '%C3%28',
  '%ED%A0%80',
  'x'.repeat(10_000),
  encodeURIComponent('ü😀'),
  'ü😀',
  '..',
  '%2e%2e',
  'a%2Fb',
  '%20',
  '-1',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-7FFF-BFFF-FFFFFFFFFFFF',
  `${UUID()}%00`,
];

/** Junk query strings for every route, and junk values for each key a route's query schema names. */
const QUERY_JUNK = [
  '%',
  '%ZZ',
  'a=%ZZ',
  '%00=%00',
  'a=%FF%FE',
  `q=${'x'.repeat(100_000)}`,
  `q=${encodeURIComponent('ü😀')}`,
  'a[b]=1&a[c]=2',
  '&&&==&',
  '__proto__[x]=1',
];
const QUERY_VALUE_JUNK = [
  '%00',
  'a%00b',
  '',
  'x'.repeat(5_000),
  '-1',
  '1e308',
  'NaN',
  '%FF',
  '%ZZ',
  encodeURIComponent('ü😀'),
];

interface Fixtures {
  client: TestClient;
  courseId: string;
  moduleId: string;
  fileId: string;
  templateId: string;
  groupId: string;
  userId: string;
  victimIds: string[];
  importId: string;
  trainingId: string;
  certificateTemplateId: string;
  contactId: string;
  companyId: string;
  clientTokenSecret: string;
}

/** Real rows for the path parameters, so that handlers run past their "not found" checks. */
function paramValue(route: ApiRoute, name: string, f: Fixtures): string {
  if (name === 'locale') return 'de-DE';
  if (name === 'part') return 'pdf';
  if (name === 'kind') return 'imprint';
  if (name === 'key') return 'faq';
  if (name === 'slot') return '1';
  if (name === 'courseId') return f.courseId;
  if (name === 'moduleId') return f.moduleId;
  if (name === 'clientId') return f.client.id;
  if (route.url.startsWith('/api/client/:id')) return f.client.id;
  if (name === 'userId') return f.userId;
  if (name === 'trainingId' || name === 'courseTrainingId') return f.trainingId;
  const url = route.url;
  if (url.startsWith('/api/courses/:courseId/modules/')) return f.moduleId;
  if (url.startsWith('/api/courses/:courseId/files/')) return f.fileId;
  if (url.startsWith('/api/courses/')) return f.courseId;
  if (url.startsWith('/api/course-training/') || url.startsWith('/api/user-course-trainings/')) return f.trainingId;
  if (url.startsWith('/api/mail-template/')) return f.templateId;
  if (url.startsWith('/api/certificate-template/')) return f.certificateTemplateId;
  if (url.startsWith('/api/groups/')) return f.groupId;
  if (url.startsWith('/api/client-contact/')) return f.contactId;
  if (url.startsWith('/api/company/')) return f.companyId;
  if (url.startsWith('/api/client/:id/')) return f.client.id;
  if (url.startsWith('/api/users/import/')) return f.importId;
  if (url === '/api/users/:id' && route.method === 'DELETE') return f.victimIds[2] ?? UUID();
  if (url.startsWith('/api/users/')) return f.userId;
  return UUID();
}

/** A body each JSON route accepts (it passes validation), from which the malformed forms are made. */
function sampleBodies(f: Fixtures): Record<string, unknown> {
  const course = {
    i18n: { 'de-DE': { title: 'Sweep', description: 'd' } },
    startDate: '2030-01-01',
    deadline: '2030-02-01',
    durationMinutes: 10,
    requiredModuleIds: [f.moduleId],
    certificateTemplateId: null,
    invitationMailTemplateId: null,
    reminderMailTemplateId: null,
    invitationEnabled: false,
    reminder: { active: true, from: '2030-01-01', until: '2030-02-01', intervalDays: 7 },
    invoiceProductId: 'p1',
    active: true,
    premium: false,
  };
  const locales = { 'de-DE': { subject: 'S {{firstName}}', bodyText: 'B', bodyHtml: '<p>B</p>' } };
  const password = { newPassword: 'N3w-Passw0rd!x', newPasswordRepeat: 'N3w-Passw0rd!x' };
  const mapping = ['firstName', 'lastName', 'email'];
  const forgot = { name: 'N', email: 'nobody@example.test', subject: 'S', message: 'M', locale: 'de-DE' };
  const reset = { emailOrUsername: 'nobody@example.test', locale: 'de-DE' };
  return {
    'POST /api/courses': { ...course, requiredModuleIds: [] },
    'POST /api/user/login': { emailOrUsername: 'nobody@example.test', password: 'wrong-password' },
    'POST /api/user/login-with-entra-id': { idToken: 'eyJ.eyJ.sig', accessToken: 'x' },
    'POST /api/user/password-change': { currentPassword: 'wrong-password', ...password },
    'POST /api/user/locale': { locale: 'de-DE' },
    'POST /api/courses/:id': course,
    'POST /api/courses/:courseId/modules/all/order': { moduleIds: [f.moduleId] },
    'POST /api/courses/:courseId/modules/:moduleId/preview-launch': { restart: false },
    'POST /api/mail-template': { kind: 'invitation', name: 'Sweep', locales },
    'POST /api/mail-template/:id': { name: 'Sweep 2', locales },
    'POST /api/mail-template/:id/preview': { locale: 'de-DE', content: { subject: 'S', bodyText: 'B' } },
    'POST /api/client': {
      name: 'Sweep client',
      platformDomain: 'https://Sweep-Client.example:443/',
      address: { street: 's', houseNumber: '1', zip: '1', city: 'c' },
      supportEmail: 'support@sweep.example',
      isReseller: false,
      admin: { email: 'first-admin@sweep.example', firstName: 'F', lastName: 'A', locale: 'de-DE' },
    },
    'POST /api/client/:id': {
      name: 'Sweep renamed',
      address: { street: 's', houseNumber: '1', zip: '1', city: 'c' },
      emailFooter: 'Sweep footer',
      invoiceClientId: 'INV-1',
      platformStart: '2020-01-01',
      platformEnd: null,
      entra: { enabled: false, clientId: null, tenantId: null },
    },
    'POST /api/client-smtp/:clientId': {
      fromAddress: 'mail@example.test',
      fromName: 'Sweep',
      host: '127.0.0.1',
      port: 2525,
      secure: false,
      username: 'u',
      password: 'p',
      rejectUnauthorized: true,
      enabled: false,
    },
    'POST /api/client-contact': {
      clientId: f.client.id,
      responsibility: 'Vertrieb',
      firstName: 'Sweep',
      lastName: 'Contact',
      phone: '+49 30 1234',
      email: 'contact@example.test',
    },
    'POST /api/client-contact/:id': {
      responsibility: 'Technik',
      firstName: 'Sweep',
      lastName: 'Contact',
      phone: null,
      email: '',
    },
    'POST /api/company': { clientId: f.client.id, name: 'Sweep company' },
    'POST /api/company/:id': { name: 'Sweep company 2' },
    'POST /api/client/user-contact-options/appointment': {
      contactId: f.contactId,
      type: 'ONLINE_MEETING',
      firstDate: '2099-01-10',
      secondDate: '2099-01-12',
      timeOfDay: 'ALL_DAY',
      email: 'sweep@example.test',
      phone: '',
      message: 'Sweep',
    },
    'POST /api/messages/private': { recipientId: f.userId, subject: 'Sweep', body: 'Sweep' },
    'POST /api/messages/system': { audience: 'GROUPS', groupIds: [f.groupId], subject: 'Sweep', body: 'Sweep' },
    'POST /api/messages/read-all': { box: 'system' },
    'POST /api/client-token': { clientId: f.client.id, name: 'Sweep token', expiresOn: '2099-12-31' },
    'POST /api/users': {
      firstName: 'Sweep',
      lastName: 'User',
      email: 'sweep-new@example.test',
      username: 'sweep.new',
      personnelNumber: '1',
      locale: 'de-DE',
      gender: 'other',
      birthday: '1990-01-01',
      street: 's',
      city: 'c',
      hiredSince: '2020-01-01',
      active: true,
      activeFrom: '2020-01-01',
      activeTo: null,
      groupIds: [f.groupId],
      role: 'PARTICIPANT',
      password: null,
      sendActivationMail: false,
    },
    'POST /api/users/bulk': { action: 'activate', selection: { ids: [f.userId] } },
    'POST /api/users/active': { ids: [f.userId], active: true },
    'POST /api/users/:id': { firstName: 'Sweep', lastName: 'Target', street: 'x', groupIds: [f.groupId] },
    'POST /api/users/:id/erase': { confirm: true },
    'DELETE /api/users': { ids: [f.victimIds[0]] },
    'DELETE /api/users/': { ids: [f.victimIds[1]] },
    'POST /api/groups': { name: 'Sweep group', memberIds: [f.userId], coordinatorIds: [] },
    'POST /api/groups/:id': { name: 'Sweep group 2', memberIds: [f.userId] },
    'POST /api/user/password-reset': reset,
    'POST /api/user/password-reset/': reset,
    'POST /api/user/forgotUsername': forgot,
    'POST /api/user/forgotUsername/': forgot,
    'POST /api/user/activate': { token: 'x'.repeat(20), purpose: 'activation', ...password },
    'POST /api/user/link-check': { token: 'x'.repeat(20), purpose: 'reset' },
    'POST /api/user/changerequest': {
      message: 'm',
      firstName: 'f',
      lastName: 'l',
      email: 'e@example.test',
      personnelNumber: '1',
      street: 's',
      city: 'c',
    },
    'POST /api/user': { locale: 'de-DE', welcomeDialogSeen: true },
    'POST /api/users/import/:id/preview': { mapping },
    'POST /api/users/import/:id/run': { mapping, groupIds: [f.groupId], sendActivationMail: false },
    'POST /api/course-training': {
      courseId: f.courseId,
      groupIds: [f.groupId],
      userIds: [f.userId],
      startDate: '2030-01-01',
      deadline: '2030-02-01',
    },
    'POST /api/course-training/:id': {
      groupIds: [f.groupId],
      userIds: [f.userId],
      startDate: '2030-01-01',
      deadline: '2030-03-01',
    },
    'POST /api/course-training/:id/participants/:userId/optional': { optional: true },
    'POST /api/course-training/:id/participants/:userId/remind': {},
    'POST /api/course-training/:id/remind': {},
    'POST /api/reports/attention/remind': { rows: [{ trainingId: f.trainingId, userId: f.userId }] },
    'POST /api/course-training-user-value/:courseTrainingId/:moduleId': {},
    'POST /api/certificate-template': { name: 'Sweep', locales: { 'de-DE': { subtitle: 'S', body: '{{name}}' } } },
    'POST /api/certificate-template/:id': { name: 'Sweep 2', locales: { 'fr-FR': { subtitle: '', body: 'B' } } },
    'POST /api/certificate-template/:id/preview/:locale': { content: { subtitle: 'S', body: '{{course}}' } },
    'POST /api/certificate-template/:id/design': {
      design: 'minimal',
      orientation: 'portrait',
      signatories: [{ name: 'Sweep', role: 'R' }],
    },
    'POST /api/course-certificate/:id/withdraw': { reason: 'Sweep' },
    'POST /api/client/:id/legal-texts/:kind': { type: 'MARKDOWN', value: '# Sweep' },
    'PUT /api/client/:id/settings': {
      items: [
        { key: 'audit', subkey: 'retentionDays', value: 400 },
        { key: 'gdpr', subkey: 'inactiveDeactivateMonths', value: 12 },
      ],
    },
    'POST /api/legal-texts/preview': { format: 'MARKDOWN', text: '# Sweep' },
    'POST /api/platform-texts/:key': { locale: 'de-DE', markdown: '## Sweep?\nJa.' },
    'POST /api/premium/settings': {
      clientId: f.client.id,
      enabled: true,
      monthlyCents: 999,
      yearlyCents: 9990,
      currency: 'EUR',
      vatRateBasisPoints: 1900,
      bankAccountHolder: 'Sweep GmbH',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      bankName: 'Bank',
      sellerVatId: 'DE1',
    },
    'POST /api/premium/purchases': {
      plan: 'monthly',
      method: 'prepayment',
      billingAddress: {
        customerKind: 'company',
        name: 'N',
        street: 'S',
        number: '1',
        zip: '1',
        place: 'P',
        country: 'DE',
        company: 'C',
        vatId: 'V',
      },
    },
    'POST /api/premium/paypal/webhook': { id: 'WH-1', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { id: 'C1' } },
  };
}

/** The upload routes: their file parts and a `data` field where they take one. */
interface Upload {
  data?: string;
  files: Array<{ name: string; content: Buffer; filename: string; type: string; max?: number }>;
}
const UPLOADS: Record<string, Upload> = {
  'POST /api/courses/:courseId/modules': {
    data: JSON.stringify({ i18n: { 'de-DE': { title: 'Sweep' } }, durationInMinutes: 5 }),
    files: [{ name: 'file', content: TINY_PDF, filename: 'a.pdf', type: 'application/pdf' }],
  },
  'POST /api/courses/:courseId/modules/:id': {
    data: JSON.stringify({ i18n: { 'de-DE': { title: 'Sweep' } }, durationInMinutes: 5 }),
    files: [{ name: 'file', content: TINY_PDF, filename: 'a.pdf', type: 'application/pdf' }],
  },
  'POST /api/courses/:courseId/files': {
    data: JSON.stringify({ locale: 'de-DE', fileName: 'a.pdf' }),
    files: [
      { name: 'pdf', content: TINY_PDF, filename: 'a.pdf', type: 'application/pdf' },
      { name: 'logo', content: TINY_PNG, filename: 'a.png', type: 'image/png', max: 2 * MB },
    ],
  },
  'POST /api/courses/:courseId/files/:id': {
    data: JSON.stringify({ locale: 'de-DE', fileName: 'b.pdf', removeLogo: false }),
    files: [
      { name: 'pdf', content: TINY_PDF, filename: 'a.pdf', type: 'application/pdf' },
      { name: 'logo', content: TINY_PNG, filename: 'a.png', type: 'image/png', max: 2 * MB },
    ],
  },
  'POST /api/users/import': {
    files: [{ name: 'file', content: CSV, filename: 'users.csv', type: 'text/csv', max: 20 * MB }],
  },
  'POST /api/client/:id/logo': {
    files: [{ name: 'file', content: TINY_PNG, filename: 'logo.png', type: 'image/png', max: 2 * MB }],
  },
  'POST /api/courses/:id/cover': {
    files: [{ name: 'file', content: TINY_PNG, filename: 'cover.png', type: 'image/png', max: 5 * MB }],
  },
  'POST /api/users/:id/picture': {
    files: [{ name: 'file', content: TINY_PNG, filename: 'me.png', type: 'image/png', max: 5 * MB }],
  },
  'POST /api/certificate-template/:id/file/:locale': {
    files: [{ name: 'file', content: TINY_PDF, filename: 'hintergrund.pdf', type: 'application/pdf', max: 5 * MB }],
  },
  'POST /api/certificate-template/:id/signature/:slot': {
    files: [{ name: 'file', content: TINY_PNG, filename: 'unterschrift.png', type: 'image/png', max: 1 * MB }],
  },
  'POST /api/mail-template/:id/file/:locale': {
    files: [{ name: 'file', content: HTML, filename: 'mail.html', type: 'text/html', max: 512 * 1024 }],
  },
  'POST /api/client/:id/legal-texts/:kind/pdf': {
    files: [{ name: 'file', content: TINY_PDF, filename: 'impressum.pdf', type: 'application/pdf', max: 10 * MB }],
  },
};

/** POST routes that take no body at all. */
const NO_BODY = new Set([
  'POST /api/user/logout',
  'POST /api/user/entra-nonce',
  'POST /api/mail-queue/:id/retry',
  'POST /api/mail-queue/:id/cancel',
  'POST /api/client-smtp/:clientId/test',
  'POST /api/course-training/:id/module/:moduleId/launch',
  'POST /api/course-training/:id/certificates/regenerate',
  'POST /api/course-certificate/:id/reissue',
  'POST /api/premium/courses/:id/start',
  'POST /api/premium/admin/purchases/:id/paid',
  'POST /api/messages/:id/read',
  'POST /api/gdpr/exports',
  'POST /api/users/:id/gdpr-exports',
  'POST /api/client/:id/audit/verify',
]);

const key = (r: Pick<ApiRoute, 'method' | 'url'>) => `${r.method} ${r.url}`;

type Leaf = { path: Array<string | number>; value: unknown };
/** Every node below the root, leaves and containers alike. */
function nodesOf(value: unknown, at: Array<string | number> = []): Leaf[] {
  const here = at.length > 0 ? [{ path: at, value }] : [];
  if (Array.isArray(value)) return [...here, ...value.flatMap((v, i) => nodesOf(v, [...at, i]))];
  if (value && typeof value === 'object')
    return [...here, ...Object.entries(value).flatMap(([k, v]) => nodesOf(v, [...at, k]))];
  return here;
}

function replaced(sample: unknown, at: Array<string | number>, value: unknown): unknown {
  const copy = structuredClone(sample) as Record<string | number, unknown>;
  let node = copy;
  for (const step of at.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
  node[at[at.length - 1] as string | number] = value;
  return copy;
}

const MARK = '@@sweep-mark@@';
/** The sample as JSON with the node at `at` replaced by raw JSON text or bytes. */
function rawReplaced(sample: unknown, at: Array<string | number>, raw: string | Buffer): Buffer {
  const [before, after] = JSON.stringify(replaced(sample, at, MARK)).split(`"${MARK}"`);
  return Buffer.concat([
    Buffer.from(before ?? ''),
    Buffer.isBuffer(raw) ? raw : Buffer.from(raw),
    Buffer.from(after ?? ''),
  ]);
}

/** Malformed forms of a valid sample body: per node wrong types, nulls, NUL, 1 MB, bad UTF-8, deep nesting. */
function sampleForms(sample: Record<string, unknown>): Form[] {
  const forms: Form[] = [{ label: 'sample', opts: json(JSON.stringify(sample)) }];
  const body = (label: string, value: unknown) => forms.push({ label, opts: json(JSON.stringify(value)) });
  for (const k of Object.keys(sample)) {
    const { [k]: _, ...rest } = sample;
    body(`without ${k}`, rest);
  }
  body('extra field', { ...sample, extra: 'x', __sweep: { nested: [1] } });
  body('all null', Object.fromEntries(Object.keys(sample).map((k) => [k, null])));
  for (const { path: at, value } of nodesOf(sample)) {
    const where = at.join('.');
    body(`${where} null`, replaced(sample, at, null));
    body(`${where} wrong type`, replaced(sample, at, typeof value === 'number' ? '12' : 12345));
    body(`${where} boolean`, replaced(sample, at, typeof value === 'boolean' ? 'true' : true));
    body(`${where} object`, replaced(sample, at, { a: 1 }));
    body(`${where} array`, replaced(sample, at, ['x']));
    body(`${where} NUL`, replaced(sample, at, typeof value === 'string' ? `${value}\u0000x` : 'a\u0000b'));
    body(`${where} 1 MB`, replaced(sample, at, oneMb));
    body(`${where} huge number`, replaced(sample, at, 1e308));
    forms.push({
      label: `${where} invalid utf-8`,
      opts: json(rawReplaced(sample, at, Buffer.concat([Buffer.from('"'), BAD_UTF8, Buffer.from('"')]))),
    });
    forms.push({ label: `${where} lone surrogate`, opts: json(rawReplaced(sample, at, '"\\udc00x\\ud800"')) });
    forms.push({ label: `${where} deep arrays`, opts: json(rawReplaced(sample, at, deepArray)) });
    forms.push({ label: `${where} deep objects`, opts: json(rawReplaced(sample, at, deepObject)) });
  }
  return forms;
}

/** Malformed multipart forms of an upload route. */
function uploadForms(upload: Upload): Form[] {
  const data = upload.data === undefined ? [] : [{ name: 'data', value: upload.data }];
  const files = upload.files.map((f) => ({ name: f.name, filename: f.filename, content: f.content, type: f.type }));
  const first = files[0]!;
  const valid = [...data, ...files];
  const forms: Form[] = [];
  const add = (label: string, parts: Part[], opts: { boundary?: string | null; cutAt?: number } = {}) =>
    forms.push({ label, opts: multipart(parts, opts) });
  add('upload sample', valid);
  add('upload without boundary', valid, { boundary: null });
  add('upload with an empty boundary', valid, { boundary: '' });
  add('upload with another boundary', valid, { boundary: 'not-the-one' });
  const whole = multipart(valid).payload.length;
  for (const cut of [10, 60, whole - first.content.length - 20, whole - 30, whole - 3])
    add(`upload cut short at ${cut} of ${whole}`, valid, { cutAt: cut });
  const big = { ...first, content: Buffer.concat([first.content, Buffer.alloc(300 * 1024, 7)]) };
  add('upload with a big file cut short', [...data, big], { cutAt: -50 });
  add('upload with no file (empty file name)', [...data, { ...first, filename: '', content: Buffer.alloc(0) }]);
  add('upload with an empty file', [...data, { ...first, content: Buffer.alloc(0) }]);
  add('upload with no file part', data.length > 0 ? data : [{ name: 'x', value: 'y' }]);
  add('upload of nothing', []);
  add('upload with an unknown file part', [...valid, { ...first, name: 'unexpected' }]);
  add('upload with the file part twice', [...valid, first]);
  add('upload with many fields', [...valid, ...Array.from({ length: 50 }, (_, i) => ({ name: `f${i}`, value: 'v' }))]);
  add('upload with a __proto__ field', [{ name: '__proto__', value: '{}' }, ...valid]);
  add('upload with a file named with NUL and traversal', [...data, { ...first, filename: '../../a\u0000b.pdf' }]);
  add('upload with a file named in unicode', [...data, { ...first, filename: `ü😀${'n'.repeat(1_000)}.pdf` }]);
  add('upload of bytes that are not UTF-8', [...data, { ...first, content: Buffer.concat([first.content, BAD_UTF8]) }]);
  add('upload with NUL bytes', [...data, { ...first, content: Buffer.concat([first.content, Buffer.alloc(16)]) }]);
  if (upload.data !== undefined) {
    const withData = (label: string, value: string | Buffer) => add(label, [{ name: 'data', value }, ...files]);
    withData('upload data not JSON', '{"i18n":');
    withData('upload data null', 'null');
    withData('upload data with NUL', upload.data.replace(/"([^"]*)"(?!:)/, '"$1\\u0000x"'));
    withData('upload data with invalid utf-8', Buffer.concat([Buffer.from('{"a":"'), BAD_UTF8, Buffer.from('"}')]));
    withData('upload data deeply nested', deepArray);
    withData('upload data of 1 MB', JSON.stringify({ a: oneMb }));
    add('upload data after the file', [...files, ...data]);
    add('upload data twice', [...data, ...valid]);
  }
  for (const f of upload.files.filter((x) => x.max !== undefined)) {
    const over = Buffer.concat([f.content, Buffer.alloc((f.max ?? 0) + 1 - f.content.length, 1)]);
    add(`upload with ${f.name} over its limit`, [
      ...data,
      { name: f.name, filename: f.filename, type: f.type, content: over },
    ]);
  }
  forms.push({ label: 'upload as JSON', opts: json(upload.data ?? '{}') });
  return forms;
}

/** Every form for one route: whole bodies, its sample's and upload's forms, junk path parameters and queries. */
function formsOf(route: ApiRoute, f: Fixtures, samples: Record<string, unknown>): Form[] {
  const url = withParams(route.url, undefined, undefined, (name) => paramValue(route, name, f));
  const forms: Form[] = [];
  const push = (label: string, opts: InjectOptions) => forms.push({ label, opts: { url, ...opts } });
  for (const [label, body] of WHOLE_BODIES) push(label, body);
  const sample = samples[key(route)];
  if (sample) for (const form of sampleForms(sample as Record<string, unknown>)) push(form.label, form.opts);
  const upload = UPLOADS[key(route)];
  if (upload) for (const form of uploadForms(upload)) push(form.label, form.opts);
  const body = sample ? json(JSON.stringify(sample)) : {};
  for (const param of paramsOf(route.url)) {
    for (const junk of PARAM_JUNK) {
      const bad = withParams(route.url, param, junk, (name) => paramValue(route, name, f));
      forms.push({ label: `param ${param}=${junk.slice(0, 20)}`, opts: { url: bad, ...body } });
    }
  }
  for (const q of QUERY_JUNK) push(`query ${q.slice(0, 20)}`, { url: `${url}?${q}`, ...body });
  for (const k of route.queryKeys) {
    for (const v of QUERY_VALUE_JUNK) push(`query ${k}=${v.slice(0, 20)}`, { url: `${url}?${k}=${v}`, ...body });
    push(`query ${k} twice`, { url: `${url}?${k}=1&${k}=2`, ...body });
    push(`query ${k}[]`, { url: `${url}?${k}[]=1&${k}[a]=2`, ...body });
  }
  return forms;
}

type Outcome = { status: number | 'no answer'; error?: string };

async function send(who: Caller, method: string, form: Form): Promise<Outcome> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => resolve({ status: 'no answer' }), ANSWER_WITHIN_MS);
  });
  const answer = who.inject({ method, remoteAddress: SWEEP_IP, ...form.opts }).then((res): Outcome => {
    let error: string | undefined;
    try {
      error = res.json<{ error?: string }>().error;
    } catch {
      error = undefined;
    }
    return { status: res.statusCode, error };
  });
  try {
    return await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Files (not folders) below `dir`, recursively; none when it does not exist. */
function filesBelow(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => !e.isDirectory())
      .map((e) => path.join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

/** Sends the forms in batches; answers a line per 5xx or unanswered form. */
async function sweep(who: () => Promise<Caller>, method: string, forms: Form[], failures: string[], name: string) {
  for (let i = 0; i < forms.length; i += BATCH) {
    const batch = forms.slice(i, i + BATCH);
    const client = await who();
    const outcomes = await Promise.all(batch.map((form) => send(client, method, form)));
    outcomes.forEach((o, j) => {
      if (o.status === 'no answer' || o.status >= 500)
        failures.push(`${name} [${batch[j]?.label}] -> ${o.status} ${o.error ?? ''}`);
    });
  }
}

/** A SCORM 1.2 package of the test fixtures (golf examples, one file per SCO). */
const SCORM12_ZIP = path.resolve(
  import.meta.dirname,
  '../../../test-fixtures/scorm/golf-zips/ContentPackagingOneFilePerSCO_SCORM12.zip',
);
/** The sequence number of the commit sample; each form gets a fresh, higher one in its place. */
const SEQ_MARK = 987654321;

async function fixtures(admin: Caller, client: TestClient, db: Parameters<typeof createUser>[0]) {
  const ok = async (what: string, answer: ReturnType<Caller['inject']>) => {
    const res = await answer;
    if (res.statusCode !== 200) throw new Error(`fixture ${what}: ${res.statusCode} ${res.body}`);
    return res.json<{ id: string }>();
  };
  const course = await ok('course', admin.post('/api/courses', { i18n: { 'de-DE': { title: 'Sweep' } } }));
  const upload = (url: string, u: Upload) =>
    admin.inject({
      method: 'POST',
      url,
      ...multipart([...(u.data ? [{ name: 'data', value: u.data }] : []), ...u.files]),
    });
  const mod = await ok(
    'module',
    upload(`/api/courses/${course.id}/modules`, UPLOADS['POST /api/courses/:courseId/modules']!),
  );
  const file = await ok(
    'course file',
    upload(`/api/courses/${course.id}/files`, UPLOADS['POST /api/courses/:courseId/files']!),
  );
  const template = await ok('template', admin.post('/api/mail-template', { kind: 'invitation', name: 'Sweep' }));
  const certificateTemplate = await ok('certificate template', admin.post('/api/certificate-template', { name: 'S' }));
  const group = await ok('group', admin.post('/api/groups', { name: 'Sweep' }));
  const imported = await ok('import', upload('/api/users/import', UPLOADS['POST /api/users/import']!));
  const user = await createUser(db, client, { role: 'PARTICIPANT' });
  const training = await ok(
    'training',
    admin.post('/api/course-training', { courseId: course.id, groupIds: [group.id], userIds: [user.id] }),
  );
  const victims = await Promise.all([0, 1, 2].map(() => createUser(db, client, { role: 'PARTICIPANT' })));
  const contact = await ok(
    'contact',
    admin.post('/api/client-contact', { clientId: client.id, responsibility: 'R', firstName: 'F', lastName: 'L' }),
  );
  const company = await ok('company', admin.post('/api/company', { clientId: client.id, name: 'Sweep Fixture' }));
  const token = await admin.post('/api/client-token', { clientId: client.id, name: 'Sweep' });
  if (token.statusCode !== 200) throw new Error(`fixture token: ${token.statusCode}`);
  return {
    client,
    courseId: course.id,
    moduleId: mod.id,
    fileId: file.id,
    templateId: template.id,
    groupId: group.id,
    userId: user.id,
    victimIds: victims.map((v) => v.id),
    importId: imported.id,
    trainingId: training.id,
    certificateTemplateId: certificateTemplate.id,
    contactId: contact.id,
    companyId: company.id,
    clientTokenSecret: token.json<{ secret: string }>().secret,
  } satisfies Fixtures;
}

describeEachDialect('malformed input on every route', (ctx) => {
  it('has a valid sample body for every JSON route, and knows every other POST as an upload or bodiless', () => {
    // A new route fails here until it is added to sampleBodies, UPLOADS or NO_BODY: the sweep reaches a handler's
    // deeper checks only from a body that passes validation. (Without one it still gets the generic forms.)
    const placeholder = { client: { id: '', name: '', host: '' }, victimIds: [] } as unknown as Fixtures;
    const samples = sampleBodies(placeholder);
    const unclassified = ctx()
      .app.apiRoutes.filter((r) =>
        r.hasBody ? !samples[key(r)] : r.method === 'POST' && !UPLOADS[key(r)] && !NO_BODY.has(key(r)),
      )
      .map(key);
    expect(unclassified).toEqual([]);
  });

  it('answers 400 invalid_multipart without a boundary and 400 upload_incomplete when cut short, on every upload route, leaving no file', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const admin = await signIn(app, await createUser(deps.db, client, { role: 'SUPERADMIN' }));
    const f = await fixtures(admin, client, deps.db);
    const uploadRoutes = app.apiRoutes.filter((r) => UPLOADS[key(r)]);
    expect(uploadRoutes.map(key).sort()).toEqual(Object.keys(UPLOADS).sort());
    const answers: string[] = [];
    for (const route of uploadRoutes) {
      const upload = UPLOADS[key(route)]!;
      const url = withParams(route.url, undefined, undefined, (name) => paramValue(route, name, f));
      const data = upload.data === undefined ? [] : [{ name: 'data', value: upload.data }];
      const file = upload.files[0]!;
      // 300 KB of the file arrive (written to DATA_DIR/tmp on the way), then the body stops.
      const big = { ...file, content: Buffer.concat([file.content, Buffer.alloc(300 * 1024, 7)]) };
      const tries: Array<[string, ReturnType<typeof multipart>]> = [
        ['no boundary', multipart([...data, file], { boundary: null })],
        ['cut short', multipart([...data, file], { cutAt: -20 })],
        ['cut short after 300 KB', multipart([...data, big], { cutAt: -50 })],
      ];
      for (const [label, body] of tries) {
        const res = await admin.inject({ method: 'POST', url, ...body });
        answers.push(`${key(route)} ${label} -> ${res.statusCode} ${res.json<{ error: string }>().error}`);
      }
    }
    const expected = uploadRoutes.flatMap((r) => [
      `${key(r)} no boundary -> 400 invalid_multipart`,
      `${key(r)} cut short -> 400 upload_incomplete`,
      `${key(r)} cut short after 300 KB -> 400 upload_incomplete`,
    ]);
    expect(answers).toEqual(expected);
    expect(filesBelow(path.join(deps.config.dataDir, 'tmp'))).toEqual([]);
  });

  it('answers every malformed request with a 4xx, never a 5xx or silence, and leaves no temp file', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const sessions = new Map<TRole, Caller>();
    const sessionFor = async (role: TRole, fresh = false) => {
      const known = sessions.get(role);
      if (known && !fresh) return known;
      const session = await signIn(app, await createUser(deps.db, client, { role }));
      sessions.set(role, session);
      return session;
    };
    const f = await fixtures(await sessionFor('SUPERADMIN'), client, deps.db);
    const samples = sampleBodies(f);

    // DELETE calls and logout go last, children before parents, so the rows stay there for the others.
    const rank = (r: ApiRoute) => (r.url.endsWith('/logout') ? 2 : r.method === 'DELETE' ? 1 : 0);
    const walk = [...app.apiRoutes].sort(
      (a, b) => rank(a) - rank(b) || (rank(a) === 1 ? b.url.length - a.url.length : 0),
    );

    const failures: string[] = [];
    const refusedSamples: string[] = [];
    let sent = 0;
    for (const route of walk) {
      // A client-token route is called with a real token of the client, so its forms reach the handler.
      const role = route.access === 'clientToken' ? null : mostPrivilegedRole(route);
      if (key(route) === 'POST /api/courses/:courseId/modules/all/order') {
        // The order names every module of the course, and the upload forms before it added some.
        const course = await (await sessionFor(role ?? 'SUPERADMIN')).get(`/api/courses/${f.courseId}`);
        samples[key(route)] = { moduleIds: course.json<{ modules: Array<{ id: string }> }>().modules.map((m) => m.id) };
      }
      const forms = formsOf(route, f, samples);
      // Logout ends the session it is sent with: after each answer that did, the next form signs in afresh.
      const endsSession = route.url.endsWith('/logout');
      const size = endsSession ? 1 : BATCH;
      let signedOut = false;
      for (let i = 0; i < forms.length; i += size) {
        const batch = forms.slice(i, i + size);
        const who: Caller =
          role === null ? caller(app, client.host, f.clientTokenSecret) : await sessionFor(role, signedOut);
        const outcomes = await Promise.all(batch.map((form) => send(who, route.method, form)));
        outcomes.forEach((o, j) => {
          const form = batch[j]!;
          if (o.status === 'no answer' || o.status >= 500)
            failures.push(`${key(route)} [${form.label}] -> ${o.status} ${o.error ?? ''}`);
          if ((form.label === 'sample' || form.label === 'upload sample') && o.error === 'validation_failed')
            refusedSamples.push(`${key(route)} [${form.label}]`);
        });
        signedOut = endsSession && outcomes.some((o) => typeof o.status === 'number' && o.status < 300);
        sent += batch.length;
      }
    }
    expect(failures).toEqual([]);
    expect(refusedSamples).toEqual([]);
    expect(sent).toBeGreaterThan(3_000);
    expect(filesBelow(path.join(deps.config.dataDir, 'tmp'))).toEqual([]);
    const extracting = filesBelow(path.join(deps.config.dataDir, 'files')).filter((p) => p.includes('.extract-'));
    expect(extracting).toEqual([]);
  }, 600_000);

  let contentApp: FastifyInstance | undefined;
  afterAll(async () => {
    await contentApp?.close();
  });

  it('answers every malformed request on the content origin with a 4xx, never a 5xx or silence', async () => {
    const { app, deps } = ctx();
    contentApp = await buildContentApp(deps);
    const client = await createClient(deps.db);
    const admin = await signIn(app, await createUser(deps.db, client, { role: 'SUPERADMIN' }));
    const course = (await admin.post('/api/courses', { i18n: { 'de-DE': { title: 'Sweep' } } })).json<{ id: string }>();
    const data = JSON.stringify({ i18n: { 'de-DE': { title: 'Golf' } }, durationInMinutes: 5 });
    const zip = { name: 'file', filename: 'golf.zip', content: readFileSync(SCORM12_ZIP), type: 'application/zip' };
    const uploaded = await admin.inject({
      method: 'POST',
      url: `/api/courses/${course.id}/modules`,
      ...multipart([{ name: 'data', value: data }, zip]),
    });
    expect(uploaded.statusCode).toBe(200);
    const launch = await admin.post(
      `/api/courses/${course.id}/modules/${uploaded.json<{ id: string }>().id}/preview-launch`,
      {},
    );
    const launchUrl = new URL(launch.json<{ launchUrl: string }>().launchUrl);
    const token = launchUrl.pathname.split('/')[2] ?? '';
    const content = caller(contentApp, launchUrl.host);
    const state = (await content.get(`/runtime/${token}/state`)).json<{ session: string; startItemId: string }>();
    expect(state.session).toEqual(expect.any(String));

    const commit = {
      session: state.session,
      seq: SEQ_MARK,
      instance: 1,
      itemId: state.startItemId,
      cmi: {
        core: { lesson_location: '1', lesson_status: 'incomplete', exit: 'suspend', session_time: '00:00:01' },
        suspend_data: 'page=1',
        interactions: { '0': { id: 'q1', type: 'choice', student_response: 'a' } },
      },
      terminate: false,
    };
    let seq = 0;
    /** Every form's commit a fresh sequence number, so that none is refused as stale before it is read. */
    const freshSeq = (form: Form): Form => {
      const payload = form.opts.payload;
      if (typeof payload === 'string')
        return { ...form, opts: { ...form.opts, payload: payload.replace(String(SEQ_MARK), String(++seq)) } };
      if (Buffer.isBuffer(payload)) {
        const text = payload.toString('latin1').replace(String(SEQ_MARK), String(++seq));
        return { ...form, opts: { ...form.opts, payload: Buffer.from(text, 'latin1') } };
      }
      return form;
    };

    const routes: Array<{ method: string; url: string; sample?: Record<string, unknown>; query?: string[] }> = [
      { method: 'GET', url: '/player/assets/:file' },
      { method: 'GET', url: '/player/:token/' },
      { method: 'GET', url: '/player/:token' },
      { method: 'GET', url: '/content/:token/*' },
      { method: 'GET', url: '/runtime/:token/state' },
      { method: 'GET', url: '/runtime/:token/data', query: ['item'] },
      { method: 'POST', url: '/runtime/:token/commit', sample: commit },
    ];
    // The commit sample is accepted as it is, so that its malformed forms reach the runtime's data model.
    const accepted = await content.inject({
      method: 'POST',
      url: `/runtime/${token}/commit`,
      payload: { ...commit, seq: ++seq },
    });
    expect(accepted.json()).toMatchObject({ result: 'true' });
    for (const r of routes) expect(contentApp.hasRoute({ method: r.method, url: r.url }), r.url).toBe(true);
    const value = (name: string) => (name === 'file' ? 'player.js' : token);
    const failures: string[] = [];
    for (const r of routes) {
      const url = withParams(r.url, undefined, undefined, value).replace(/\*$/, 'imsmanifest.xml');
      const forms: Form[] = WHOLE_BODIES.map(([label, body]) => ({ label, opts: { url, ...body } }));
      if (r.sample) forms.push(...sampleForms(r.sample).map((f) => freshSeq({ ...f, opts: { url, ...f.opts } })));
      for (const param of [...paramsOf(r.url), ...(r.url.endsWith('*') ? ['*'] : [])]) {
        for (const junk of [...PARAM_JUNK, '..%2F..%2F..%2Fetc%2Fpasswd', '.%2e/.%2e/imsmanifest.xml']) {
          const bad =
            param === '*'
              ? url.replace(/imsmanifest\.xml$/, junk)
              : withParams(r.url, param, junk, value).replace(/\*$/, 'x');
          forms.push({ label: `param ${param}=${junk.slice(0, 20)}`, opts: { url: bad } });
        }
      }
      for (const q of QUERY_JUNK) forms.push({ label: `query ${q.slice(0, 20)}`, opts: { url: `${url}?${q}` } });
      for (const k of r.query ?? [])
        for (const v of QUERY_VALUE_JUNK)
          forms.push({ label: `query ${k}=${v.slice(0, 20)}`, opts: { url: `${url}?${k}=${v}` } });
      await sweep(() => Promise.resolve(content), r.method, forms, failures, `${r.method} ${r.url}`);
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
