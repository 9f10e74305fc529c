import { randomBytes } from 'node:crypto';
import { DEFAULT_COLOURS } from '@lms/contracts/client';
import { LOGIN_TYPES, type TRole } from '@lms/contracts/roles';
import type { Db } from '../../db/database';
import { newId, nowIso } from '../../platform/ids';
import { hashPassword } from '../../platform/passwords';
import { insertDemoTraining, writeDemoPdf } from './demo-training';
import { insertDemoCertificateTemplate, writeDemoSignature } from './demo-certificate';
import { insertDemoPremium } from './demo-premium';
import { DEMO_LOGO_COLOURS, DEMO_LOGO_MIME, demoLogoKey, demoLogoSvg } from './demo-logo';
import { writeToStorage, type StorageConfig } from '../../platform/storage';
import { DEMO_COMPANY, DEMO_IMPRINT, DEMO_PRIVACY_POLICY } from './demo-legal';
import { writeDemoPremiumModules } from './demo-premium-modules';
import { DEMO_COVERS, storeDemoCover } from './demo-covers';

export const DEMO_USERS: ReadonlyArray<{
  client: 'Demo' | 'Beta';
  email: string;
  role: TRole;
  first: string;
  last: string;
}> = [
  { client: 'Demo', email: 'participant@demo.example', role: 'PARTICIPANT', first: 'Paula', last: 'Participant' },
  { client: 'Demo', email: 'coordinator@demo.example', role: 'COORDINATOR', first: 'Conrad', last: 'Coordinator' },
  { client: 'Demo', email: 'content@demo.example', role: 'CONTENT_MASTER', first: 'Clara', last: 'Content' },
  {
    client: 'Demo',
    email: 'reseller-coordinator@demo.example',
    role: 'RESELLER_COORDINATOR',
    first: 'Rita',
    last: 'Reseller-Coordinator',
  },
  { client: 'Demo', email: 'reseller@demo.example', role: 'RESELLER', first: 'Robert', last: 'Reseller' },
  { client: 'Demo', email: 'admin@demo.example', role: 'ADMIN', first: 'Anna', last: 'Admin' },
  { client: 'Demo', email: 'superadmin@demo.example', role: 'SUPERADMIN', first: 'Sam', last: 'Superadmin' },
  { client: 'Beta', email: 'participant@beta.example', role: 'PARTICIPANT', first: 'Bruno', last: 'Participant' },
  { client: 'Beta', email: 'coordinator@beta.example', role: 'COORDINATOR', first: 'Berta', last: 'Coordinator' },
  { client: 'Beta', email: 'admin@beta.example', role: 'ADMIN', first: 'Ben', last: 'Admin' },
];

export const DEMO_GROUPS: ReadonlyArray<{
  client: 'Demo' | 'Beta';
  name: string;
  member: string;
  coordinator: string;
}> = [
  { client: 'Demo', name: 'Vertrieb', member: 'participant@demo.example', coordinator: 'coordinator@demo.example' },
  { client: 'Beta', name: 'Vertrieb', member: 'participant@beta.example', coordinator: 'coordinator@beta.example' },
];

/** The group of Demo that gets the demo training (demo-training.ts: a course with a PDF module, with a deadline). */
export const DEMO_TRAINING_GROUP = 'Vertrieb';

/**
 * Seeds the demo clients and one user per role, only into an empty database (a non-empty one is never reseeded).
 * With a storage configuration, Demo also gets a course with a PDF module (written into the file storage) and a training of it
 * for its group Vertrieb, so the dashboard and the coordination screens show something. Answers the password used,
 * or undefined when nothing was seeded.
 */
export async function seedDemoData(
  db: Db,
  password?: string,
  storage?: StorageConfig,
): Promise<{ password: string; generated: boolean } | undefined> {
  const existing = await db.selectFrom('clients').select('id').limit(1).executeTakeFirst();
  if (existing) return undefined;
  const generated = !password;
  const pw = password ?? `Demo-${randomBytes(6).toString('base64url')}7`;
  const hash = await hashPassword(pw);
  const now = nowIso();
  const ids = { Demo: newId(), Beta: newId() };
  const course = { courseId: newId(), moduleId: newId() };
  const pdf = storage ? await writeDemoPdf(storage, ids.Demo, course.courseId, course.moduleId) : undefined;
  const premiumId = newId();
  const premium = {
    id: premiumId,
    modules: storage ? await writeDemoPremiumModules(storage, ids.Demo, premiumId) : [],
  };
  const logos = storage ? { Demo: demoLogoKey(ids.Demo), Beta: demoLogoKey(ids.Beta) } : undefined;
  const certificate = storage ? await writeDemoSignature(storage, ids.Demo) : undefined;
  if (storage && logos)
    for (const name of ['Demo', 'Beta'] as const)
      await writeToStorage(storage, logos[name], demoLogoSvg(DEMO_LOGO_COLOURS[name]));
  await db.transaction().execute(async (trx) => {
    for (const [name, domain, reseller] of [
      ['Demo', 'localhost', null],
      ['Beta', 'beta.localhost', ids.Demo],
    ] as const) {
      await trx
        .insertInto('clients')
        .values({
          id: ids[name],
          name,
          name_normalized: name.toLowerCase(),
          platform_domain: domain,
          is_platform_active: true,
          platform_start: null,
          platform_end: null,
          colours: JSON.stringify(name === 'Beta' ? { ...DEFAULT_COLOURS, primaryButton: '#7a3e9d' } : DEFAULT_COLOURS),
          logo_file: logos?.[name] ?? null,
          logo_mime: logos ? DEMO_LOGO_MIME : null,
          support_email: `support@${name.toLowerCase()}.example`,
          min_password_length: 8,
          // Demo, the operator, has its company's texts; Beta has set none yet (the legal pages' empty state).
          imprint_type: name === 'Demo' ? 'MARKDOWN' : null,
          imprint_value: name === 'Demo' ? DEMO_IMPRINT : null,
          privacy_policy_type: name === 'Demo' ? 'MARKDOWN' : null,
          privacy_policy_value: name === 'Demo' ? DEMO_PRIVACY_POLICY : null,
          email_footer: `${name} GmbH`,
          invoice_client_id: null,
          reseller_client_id: reseller,
          // Demo is the platform's root client (the SUPERADMIN's) and a reseller client that resells Beta.
          is_reseller: name === 'Demo',
          // The seller's address on Demo's invoices (premium: the invoice names the client's address).
          address_street: name === 'Demo' ? DEMO_COMPANY.street : null,
          address_house_number: name === 'Demo' ? DEMO_COMPANY.houseNumber : null,
          address_zip: name === 'Demo' ? DEMO_COMPANY.zip : null,
          address_city: name === 'Demo' ? DEMO_COMPANY.city : null,
          is_entra_enabled: false,
          entra_client_id: null,
          entra_tenant_id: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    if (certificate) await insertDemoCertificateTemplate(trx, ids.Demo, certificate, now);
    const userIds = new Map<string, string>();
    for (const u of DEMO_USERS) {
      const userId = newId();
      userIds.set(u.email, userId);
      await trx
        .insertInto('users')
        .values({
          id: userId,
          client_id: ids[u.client],
          email: u.email,
          email_normalized: u.email,
          username: null,
          username_normalized: null,
          first_name: u.first,
          last_name: u.last,
          personell_number: null,
          password_hash: hash,
          initial_password_hash: null,
          role: u.role,
          locale: 'de-DE',
          company_id: null,
          gender: null,
          birthday: null,
          street: null,
          city: null,
          hired_since: null,
          is_active: true,
          active_from: null,
          active_to: null,
          last_login_at: null,
          login_type: LOGIN_TYPES.EMAIL,
          is_password_change_required: false,
          is_welcome_dialog_seen: false,
          password_updated_at: now,
          locked_until: null,
          profile_picture: null,
          external_id: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    // Each client's coordinator coordinates a group with its participant, so the coordination screens show someone.
    for (const g of DEMO_GROUPS) {
      const groupId = newId();
      await trx
        .insertInto('groups')
        .values({
          id: groupId,
          client_id: ids[g.client],
          name: g.name,
          name_normalized: g.name.toLowerCase(),
          is_externally_managed: false,
          external_id: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      for (const [table, email] of [
        ['group_members', g.member],
        ['group_coordinators', g.coordinator],
      ] as const) {
        const userId = userIds.get(email);
        if (userId)
          await trx
            .insertInto(table)
            .values({ group_id: groupId, user_id: userId, client_id: ids[g.client], created_at: now })
            .execute();
      }
      const memberId = userIds.get(g.member);
      if (pdf && g.client === 'Demo' && g.name === DEMO_TRAINING_GROUP)
        await insertDemoTraining(
          trx,
          {
            clientId: ids.Demo,
            ...course,
            groupId,
            memberIds: memberId ? [memberId] : [],
            certificateTemplateId: certificate?.templateId,
          },
          pdf,
          now,
        );
    }
    await insertDemoPremium(trx, ids.Demo, premium, now);
  });
  if (storage) {
    if (pdf) await storeDemoCover(db, storage, ids.Demo, course.courseId, DEMO_COVERS.privacy);
    await storeDemoCover(db, storage, ids.Demo, premiumId, DEMO_COVERS.negotiation);
  }
  return { password: pw, generated };
}
