import { createClient, createUser, signIn, type TestClient, type TestUser } from '../../../test/factories';
import type { Caller, TestContext } from '../../../test/test-app';

// Test helpers for premium: a client selling premium (prices, bank details), an admin and a participant signed in.
// Test-only; never imported by the app.

export const SETTINGS = {
  enabled: true,
  monthlyCents: 999,
  yearlyCents: 9990,
  currency: 'EUR',
  vatRateBasisPoints: 1900,
  bankAccountHolder: 'Lernwelt GmbH',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
  bankName: 'Commerzbank',
  sellerVatId: 'DE123456789',
} as const;

export const ADDRESS = {
  customerKind: 'private',
  name: 'Jürgen Müller',
  street: 'Hauptstraße',
  number: '12a',
  zip: '10115',
  place: 'Berlin',
  country: 'de',
  company: '',
  vatId: '',
} as const;

export interface PremiumWorld {
  client: TestClient;
  admin: Caller;
  participant: TestUser;
  learner: Caller;
}

export async function premiumWorld(ctx: TestContext, settings: Partial<typeof SETTINGS> = {}): Promise<PremiumWorld> {
  const { app, deps } = ctx;
  const client = await createClient(deps.db, {
    address_street: 'Lernweg',
    address_house_number: '1',
    address_zip: '80331',
    address_city: 'München',
  });
  const admin = await signIn(app, await createUser(deps.db, client, { role: 'ADMIN' }));
  const res = await admin.post('/api/premium/settings', { clientId: client.id, ...SETTINGS, ...settings });
  if (res.statusCode !== 200) throw new Error(`settings: ${res.statusCode} ${res.body}`);
  const participant = await createUser(deps.db, client);
  return { client, admin, participant, learner: await signIn(app, participant) };
}
