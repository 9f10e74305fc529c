import { PDFDocument } from 'pdf-lib';
import { createClient, createUser, signIn, type TestClient } from '../../../test/factories';
import { caller, type Caller, type TestContext } from '../../../test/test-app';

// Test helpers for the legal texts: a root client (the SUPERADMINs' client, oldest, so CSX means it), a reseller
// client below it and a resold client, each with the callers the tests need.

export const PNG_DATA =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** The sanitising acceptance in one text: none of the first four may survive, the data: image must. */
export const HOSTILE_MARKDOWN = [
  '# Impressum',
  '<script>alert("script")</script>',
  '<img src="x" onerror="alert(1)">',
  '[Klick](javascript:alert(2))',
  '![extern](https://tracker.example/pixel.png)',
  `![Logo](${PNG_DATA})`,
  '[Website](https://firm.example)',
].join('\n\n');

export async function onePagePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]).drawText('Impressum PDF', { x: 20, y: 100, size: 12 });
  return Buffer.from(await doc.save());
}

export interface LegalWorld {
  root: TestClient;
  reseller: TestClient;
  resold: TestClient;
  superadmin: Caller;
  rootAdmin: Caller;
  resellerUser: Caller;
  resellerCoordinator: Caller;
  resoldAdmin: Caller;
  participant: Caller;
  anonymous: (client: TestClient) => Caller;
}

export async function legalWorld(ctx: () => TestContext): Promise<LegalWorld> {
  const { app, deps } = ctx();
  const db = deps.db;
  // Created first and dated back, so it stays the root whatever SUPERADMINs other tests add later.
  const root = await createClient(db, { created_at: '2000-01-01T00:00:00.000Z' });
  const reseller = await createClient(db);
  const resold = await createClient(db, { reseller_client_id: reseller.id });
  return {
    root,
    reseller,
    resold,
    superadmin: await signIn(app, await createUser(db, root, { role: 'SUPERADMIN' })),
    rootAdmin: await signIn(app, await createUser(db, root, { role: 'ADMIN' })),
    resellerUser: await signIn(app, await createUser(db, reseller, { role: 'RESELLER' })),
    resellerCoordinator: await signIn(app, await createUser(db, reseller, { role: 'RESELLER_COORDINATOR' })),
    resoldAdmin: await signIn(app, await createUser(db, resold, { role: 'ADMIN' })),
    participant: await signIn(app, await createUser(db, resold, { role: 'PARTICIPANT' })),
    anonymous: (client) => caller(app, client.host),
  };
}
