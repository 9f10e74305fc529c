// Fills a running server of an older release with more than the demo seed: a CSV import of 200 users (companies,
// activation mails queued), sign-ins of every demo user, a few failed sign-ins. How it was used: README.md here.
// Usage: node populate.mjs http://127.0.0.1:3990 <demo password>
import { request } from 'node:http';

const [base, password] = process.argv.slice(2);
// node:http, since fetch may not set Host (the tenant is found by its host name).
const call = (host, path, { token, body, raw, headers = {} } = {}) =>
  new Promise((resolve, reject) => {
    const payload = raw ?? (body ? Buffer.from(JSON.stringify(body)) : undefined);
    const req = request(
      new URL(path, base),
      {
        method: payload ? 'POST' : 'GET',
        headers: {
          host,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () =>
          res.statusCode >= 300
            ? reject(new Error(`${path}: ${res.statusCode} ${text}`))
            : resolve(text ? JSON.parse(text) : undefined),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
const login = async (host, email, pw = password) =>
  (await call(host, '/api/user/login', { body: { emailOrUsername: email, password: pw } })).token;

const admin = await login('localhost', 'admin@demo.example');
const rows = ['Vorname;Nachname;E-Mail;Firma'];
for (let i = 1; i <= 200; i++) rows.push(`Vor${i};Nach${i};user${i}@import.example;Firma ${i % 7}`);
const boundary = '----lms-fixture';
const payload = Buffer.concat([
  Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="users.csv"\r\n`),
  Buffer.from('Content-Type: text/csv\r\n\r\n'),
  Buffer.from(rows.join('\n'), 'utf8'),
  Buffer.from(`\r\n--${boundary}--\r\n`),
]);
const preview = await call('localhost', '/api/users/import', {
  token: admin,
  raw: payload,
  headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
});
await call('localhost', `/api/users/import/${preview.id}/run`, {
  token: admin,
  body: { mapping: preview.mapping, sendActivationMail: true },
});
for (let i = 0; i < 100; i++) {
  const status = await call('localhost', `/api/users/import/${preview.id}`, { token: admin });
  if (status.status === 'DONE' || status.status === 'done' || status.finishedAt) break;
  await new Promise((r) => setTimeout(r, 300));
}
for (const [host, email] of [
  ['localhost', 'participant@demo.example'],
  ['localhost', 'coordinator@demo.example'],
  ['localhost', 'content@demo.example'],
  ['beta.localhost', 'participant@beta.example'],
  ['beta.localhost', 'admin@beta.example'],
])
  await login(host, email);
for (let i = 0; i < 3; i++) await login('localhost', 'nobody@demo.example', 'wrong').catch(() => undefined);
console.log('populated');
