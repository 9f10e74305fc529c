import type { TAuditAction } from '@lms/contracts/audit';
import { expect, it } from 'vitest';
import { caller, describeEachDialect, type TestContext } from '../../../test/test-app';
import { createClient, createUser, signIn, TEST_PASSWORD, type TestClient } from '../../../test/factories';
import { createGroup } from '../../../test/group-factories';
import { multipartFile } from '../../../test/multipart';
import { runDueJobs } from '../../platform/jobs';
import { hashToken } from '../../platform/session';
import {
  addParticipants,
  addTraining,
  certificateWorld,
  completeModules,
  runCertificateJobs,
} from '../certificates/test-certificates';
import { SETTINGS as PREMIUM_SETTINGS } from '../premium/test-premium';
import { directoryOf } from '../scim/scim-test-kit';
import { createUserImportHandler } from '../user-import/user-import.job';

// Issue 30 point 3's acceptance: every action the issue lists, performed through the real HTTP API, leaves exactly
// one audit entry of the expected action, actor and object, with the values before and after where there are any;
// and no password, SMTP password, token or hash ever reaches an entry.

interface Expected {
  action: TAuditAction;
  actor: { kind: 'user' | 'scim' | 'system' | 'anonymous'; id?: string };
  object?: { type: string; id?: string };
  subjectUserId?: string;
  before?: unknown;
  after?: unknown;
  detail?: unknown;
  /** The answer's status when the action is refused (a failed sign-in). */
  status?: number;
}

interface Answer {
  statusCode: number;
  body: string;
}

const SMTP_PASSWORD = 'smtp-Geheimnis-4711';
const NEW_PASSWORD = 'Neu-Passw0rt!2026';
const INITIAL_PASSWORD = 'Anfang-2026!x';

describeEachDialect('audit trail: one entry per action (issue 30 point 3)', (ctx) => {
  const lastSeq = async (clientId: string) =>
    Number(
      (await ctx().deps.db.selectFrom('audit_heads').select('seq').where('client_id', '=', clientId).executeTakeFirst())
        ?.seq ?? 0,
    );

  /** Runs one action and answers its one entry, with the personal part read. */
  async function one(clientId: string, run: () => Promise<unknown>, exp: Expected) {
    const from = await lastSeq(clientId);
    const res = await run();
    if (res && typeof res === 'object' && 'statusCode' in res) {
      const answer = res as Answer;
      if (exp.status) expect(answer.statusCode, exp.action).toBe(exp.status);
      else expect(answer.statusCode, `${exp.action}: ${answer.body}`).toBeLessThan(300);
    }
    const rows = await ctx()
      .deps.db.selectFrom('audit_entries')
      .selectAll()
      .where('client_id', '=', clientId)
      .where('seq', '>', from)
      .orderBy('seq')
      .execute();
    expect(
      rows.map((r) => r.action),
      exp.action,
    ).toEqual([exp.action]);
    const row = rows[0] as (typeof rows)[number];
    const personal = (row.personal ? JSON.parse(row.personal) : {}) as Record<string, unknown>;
    expect(row.actor_kind, exp.action).toBe(exp.actor.kind);
    if (exp.actor.id) expect(row.actor_id, exp.action).toBe(exp.actor.id);
    if (exp.actor.kind === 'user' || exp.actor.kind === 'scim' || exp.actor.kind === 'anonymous')
      expect(personal.ip, exp.action).toBe('127.0.0.1');
    if (exp.object) expect(row.object_type, exp.action).toBe(exp.object.type);
    if (exp.object?.id) expect(row.object_id, exp.action).toBe(exp.object.id);
    if (exp.subjectUserId) expect(row.subject_user_id, exp.action).toBe(exp.subjectUserId);
    if (exp.before !== undefined) expect(personal.before, exp.action).toMatchObject(exp.before as object);
    if (exp.after !== undefined) expect(personal.after, exp.action).toMatchObject(exp.after as object);
    if (exp.detail !== undefined) expect(personal.detail, exp.action).toMatchObject(exp.detail as object);
    return { row, personal, res: res as Answer & { json: <T>() => T } };
  }

  /** Every entry of these clients as text: what must never hold a secret. */
  async function trailText(clientIds: string[]): Promise<string> {
    const rows = await ctx()
      .deps.db.selectFrom('audit_entries')
      .selectAll()
      .where('client_id', 'in', clientIds)
      .execute();
    return JSON.stringify(rows);
  }

  async function world(c: TestContext) {
    // The root client holds the SUPERADMIN; the walk runs on client A, administered by its ADMIN.
    const root = await createClient(c.deps.db);
    const superUser = await createUser(c.deps.db, root, { role: 'SUPERADMIN' });
    const superadmin = await signIn(c.app, superUser);
    const client = await createClient(c.deps.db);
    const adminUser = await createUser(c.deps.db, client, { role: 'ADMIN' });
    const admin = await signIn(c.app, adminUser);
    return { root, superUser, superadmin, client, adminUser, admin };
  }

  it('sign-in success and failure, password and role changes, user creation, deactivation and deletion, groups', async () => {
    const c = ctx();
    const { client, adminUser, admin } = await world(c);
    const anon = caller(c.app, client.host);
    const person = await createUser(c.deps.db, client);

    await one(
      client.id,
      () => anon.post('/api/user/login', { emailOrUsername: person.email, password: TEST_PASSWORD }),
      {
        action: 'auth.sign-in',
        actor: { kind: 'user', id: person.id },
        object: { type: 'user', id: person.id },
      },
    );
    await one(client.id, () => anon.post('/api/user/login', { emailOrUsername: person.email, password: 'wrong-1' }), {
      action: 'auth.sign-in-failed',
      actor: { kind: 'anonymous' },
      object: { type: 'user', id: person.id },
      subjectUserId: person.id,
      detail: { reason: 'login_failed' },
      status: 401,
    });
    await one(
      client.id,
      () => anon.post('/api/user/login', { emailOrUsername: 'nobody@x.test', password: 'wrong-2' }),
      {
        action: 'auth.sign-in-failed',
        actor: { kind: 'anonymous' },
        detail: { reason: 'login_failed', login: 'nobody@x.test' },
        status: 401,
      },
    );

    const personSession = await signIn(c.app, person);
    await one(
      client.id,
      () =>
        personSession.post('/api/user/password-change', {
          currentPassword: TEST_PASSWORD,
          newPassword: NEW_PASSWORD,
          newPasswordRepeat: NEW_PASSWORD,
        }),
      {
        action: 'user.password-changed',
        actor: { kind: 'user', id: person.id },
        object: { type: 'user', id: person.id },
      },
    );

    const group = await createGroup(c.deps.db, client);
    const created = await one(
      client.id,
      () =>
        admin.post('/api/users', {
          firstName: 'Grete',
          lastName: 'Größe',
          email: 'grete@example.test',
          password: INITIAL_PASSWORD,
          active: true,
          groupIds: [group.id],
          role: 'PARTICIPANT',
        }),
      {
        action: 'user.created',
        actor: { kind: 'user', id: adminUser.id },
        object: { type: 'user' },
        after: { role: 'PARTICIPANT', active: true, groupIds: [group.id] },
      },
    );
    const grete = created.res.json<{ id: string }>().id;
    expect(created.row.object_id).toBe(grete);

    await one(client.id, () => admin.post(`/api/users/${grete}`, { role: 'COORDINATOR' }), {
      action: 'user.role-changed',
      actor: { kind: 'user', id: adminUser.id },
      object: { type: 'user', id: grete },
      before: { role: 'PARTICIPANT' },
      after: { role: 'COORDINATOR' },
    });
    await one(client.id, () => admin.post(`/api/users/${grete}`, { password: 'Zweites-2026!y' }), {
      action: 'user.password-changed',
      actor: { kind: 'user', id: adminUser.id },
      object: { type: 'user', id: grete },
      detail: { how: 'admin' },
    });
    const other = await createGroup(c.deps.db, client);
    await one(
      client.id,
      () => admin.post('/api/users/bulk', { action: 'addToGroup', groupId: other.id, selection: { ids: [grete] } }),
      {
        action: 'group.membership-changed',
        actor: { kind: 'user', id: adminUser.id },
        object: { type: 'user', id: grete },
        detail: { added: [other.id], removed: [] },
      },
    );
    await one(client.id, () => admin.post(`/api/users/${grete}`, { groupIds: [other.id] }), {
      action: 'group.membership-changed',
      actor: { kind: 'user', id: adminUser.id },
      object: { type: 'user', id: grete },
      detail: { added: [], removed: [group.id] },
    });
    await one(client.id, () => admin.post('/api/users/active', { ids: [grete], active: false }), {
      action: 'user.deactivated',
      actor: { kind: 'user', id: adminUser.id },
      object: { type: 'user', id: grete },
      before: { active: true },
      after: { active: false },
    });
    await one(client.id, () => admin.del(`/api/users/${grete}`), {
      action: 'user.deleted',
      actor: { kind: 'user', id: adminUser.id },
      object: { type: 'user', id: grete },
      before: { email: 'grete@example.test' },
    });

    const text = await trailText([client.id]);
    const hashes = await c.deps.db
      .selectFrom('users')
      .select('password_hash')
      .where('client_id', '=', client.id)
      .execute();
    for (const secret of [TEST_PASSWORD, NEW_PASSWORD, INITIAL_PASSWORD, 'Zweites-2026!y', personSession.token])
      expect(text).not.toContain(secret);
    for (const h of hashes) if (h.password_hash) expect(text).not.toContain(h.password_hash);
    expect(text).not.toContain('$argon2');
    expect(text).not.toContain('$2a$');
  });

  it('training assignment, a coordinator status change, certificate issue, withdrawal and regeneration', async () => {
    const c = ctx();
    const w = await certificateWorld(ctx);
    const adminId = (
      await c.deps.db
        .selectFrom('users')
        .select('id')
        .where('client_id', '=', w.client.id)
        .where('role', '=', 'ADMIN')
        .executeTakeFirstOrThrow()
    ).id;
    const learner = await createUser(c.deps.db, w.client);
    const group = await createGroup(c.deps.db, w.client, { members: [learner] });

    const assigned = await one(
      w.client.id,
      () => w.admin.post('/api/course-training', { courseId: w.courseId, groupIds: [group.id] }),
      {
        action: 'training.assigned',
        actor: { kind: 'user', id: adminId },
        object: { type: 'training' },
        before: { groupIds: [], userIds: [] },
        after: { groupIds: [group.id], userIds: [] },
      },
    );
    const trainingId = assigned.res.json<{ id: string }>().id;
    await one(
      w.client.id,
      () => w.admin.post(`/api/course-training/${trainingId}/participants/${learner.id}/optional`, { optional: true }),
      {
        action: 'training.status-changed',
        actor: { kind: 'user', id: adminId },
        object: { type: 'training', id: trainingId },
        subjectUserId: learner.id,
        before: { optional: false },
        after: { optional: true },
      },
    );

    // A completion issues the certificate through the certificate job: the job is the actor.
    const issuing = await addTraining(c.deps.db, w.client.id, w.courseId);
    await addParticipants(c.deps.db, w.client.id, issuing, [learner.id]);
    await completeModules(ctx, w, issuing, learner);
    const issued = await one(w.client.id, () => runCertificateJobs(ctx), {
      action: 'certificate.issued',
      actor: { kind: 'system' },
      object: { type: 'certificate' },
      subjectUserId: learner.id,
    });
    const certificateId = issued.row.object_id as string;

    await one(
      w.client.id,
      () => w.admin.post(`/api/course-certificate/${certificateId}/withdraw`, { reason: 'Name falsch' }),
      {
        action: 'certificate.withdrawn',
        actor: { kind: 'user', id: adminId },
        object: { type: 'certificate', id: certificateId },
        after: { reason: 'Name falsch' },
      },
    );
    await one(w.client.id, () => w.admin.post(`/api/course-certificate/${certificateId}/reissue`), {
      action: 'certificate.regenerated',
      actor: { kind: 'user', id: adminId },
      object: { type: 'certificate', id: certificateId },
      detail: { mode: 'reissue' },
    });
    await one(
      w.client.id,
      async () => {
        const res = await w.admin.post(`/api/course-training/${issuing}/certificates/regenerate`);
        expect(res.statusCode, res.body).toBe(200);
        await runCertificateJobs(ctx);
      },
      {
        action: 'certificate.regenerated',
        actor: { kind: 'system' },
        object: { type: 'certificate', id: certificateId },
        detail: { mode: 'regenerate' },
      },
    );
  });

  it('SCIM writes and import runs: one entry per operation and per run, none per row', async () => {
    const c = ctx();
    const { client, adminUser, admin } = await world(c);
    const dir = await directoryOf(c.app, c.deps.db, client);
    const made = await one(
      client.id,
      () =>
        dir.call('POST', '/Users', {
          schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
          userName: 'scim.person@dir.test',
          name: { givenName: 'Scim', familyName: 'Person' },
          emails: [{ value: 'scim.person@dir.test', primary: true }],
          active: true,
        }),
      { action: 'scim.write', actor: { kind: 'scim', id: dir.tokenId }, object: { type: 'user' } },
    );
    const scimUser = made.res.json<{ id: string }>().id;
    await one(
      client.id,
      () =>
        dir.call('POST', '/Groups', {
          schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
          displayName: 'Directory group',
          members: [{ value: scimUser }],
        }),
      {
        action: 'scim.write',
        actor: { kind: 'scim', id: dir.tokenId },
        object: { type: 'group' },
        detail: { op: 'create', members: { added: 1, removed: 0 } },
      },
    );
    await one(client.id, () => dir.call('DELETE', `/Users/${scimUser}`), {
      action: 'scim.write',
      actor: { kind: 'scim', id: dir.tokenId },
      object: { type: 'user', id: scimUser },
      detail: { op: 'delete' },
    });

    const lines = ['Vorname;Nachname;E-Mail'];
    for (let i = 0; i < 30; i++) lines.push(`Vor${i};Nach${i};import${i}@import.test`);
    const uploaded = await admin.inject({
      method: 'POST',
      url: '/api/users/import',
      ...multipartFile(lines.join('\n'), 'users.csv', 'text/csv'),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const preview = uploaded.json<{ id: string; mapping: (string | null)[] }>();
    await one(
      client.id,
      () => admin.post(`/api/users/import/${preview.id}/run`, { mapping: preview.mapping, sendActivationMail: false }),
      {
        action: 'import.started',
        actor: { kind: 'user', id: adminUser.id },
        object: { type: 'import', id: preview.id },
        detail: { rows: 30 },
      },
    );
    await one(
      client.id,
      async () => {
        while ((await runDueJobs(c.deps, [createUserImportHandler()])) > 0);
      },
      {
        action: 'import.finished',
        actor: { kind: 'system' },
        object: { type: 'import', id: preview.id },
        detail: { status: 'done', counts: { created: 30 } },
      },
    );
    const text = await trailText([client.id]);
    expect(text).not.toContain(dir.secret);
    expect(text).not.toContain(hashToken(dir.secret));
  });

  it('client, settings, SMTP, token, legal-text, template and premium changes', async () => {
    const c = ctx();
    const { superUser, superadmin, client, adminUser, admin } = await world(c);
    const who = { kind: 'user' as const, id: adminUser.id };

    // The new client's trail: its first entry names who made it.
    const createdRes = await superadmin.post('/api/client', {
      name: 'Neukunde GmbH',
      platformDomain: 'neukunde.test',
      admin: { email: 'chefin@neukunde.test', firstName: 'Chefin', lastName: 'Neu', locale: 'de-DE' },
    });
    expect(createdRes.statusCode, createdRes.body).toBe(200);
    const newClient = createdRes.json<{ id: string }>().id;
    const createdRows = await c.deps.db
      .selectFrom('audit_entries')
      .selectAll()
      .where('client_id', '=', newClient)
      .execute();
    expect(createdRows.map((r) => [r.action, r.actor_id, r.object_id])).toEqual([
      ['client.created', superUser.id, newClient],
    ]);

    await one(client.id, () => admin.post(`/api/client/${client.id}`, { emailFooter: 'Firma GmbH' }), {
      action: 'client.changed',
      actor: who,
      object: { type: 'client', id: client.id },
      before: { email_footer: null },
      after: { email_footer: 'Firma GmbH' },
    });
    await one(
      client.id,
      () =>
        admin.inject({
          method: 'PUT',
          url: `/api/client/${client.id}/settings`,
          payload: {
            items: [
              { key: 'audit', subkey: 'retentionDays', value: 400 },
              { key: 'gdpr', subkey: 'inactiveDeactivateMonths', value: 12 },
            ],
          },
        }),
      {
        action: 'client.settings-changed',
        actor: who,
        object: { type: 'client', id: client.id },
        before: { 'audit/retentionDays': 1_095, 'gdpr/inactiveDeactivateMonths': null },
        after: { 'audit/retentionDays': 400, 'gdpr/inactiveDeactivateMonths': 12 },
      },
    );

    const smtp = {
      fromAddress: 'training@firm.example',
      fromName: 'Training',
      host: '127.0.0.1',
      port: 2525,
      secure: false,
      username: 'mailer',
      password: SMTP_PASSWORD,
      rejectUnauthorized: true,
      enabled: true,
    };
    await one(client.id, () => admin.post(`/api/client-smtp/${client.id}`, smtp), {
      action: 'smtp.changed',
      actor: who,
      object: { type: 'smtp', id: client.id },
      after: { host: '127.0.0.1', password_enc: '[secret]' },
    });
    await one(client.id, () => admin.post(`/api/client-smtp/${client.id}`, { ...smtp, port: 2526 }), {
      action: 'smtp.changed',
      actor: who,
      before: { port: 2525 },
      after: { port: 2526 },
    });
    await one(client.id, () => admin.del(`/api/client-smtp/${client.id}`), {
      action: 'smtp.removed',
      actor: who,
      object: { type: 'smtp', id: client.id },
    });

    const token = await one(client.id, () => admin.post('/api/client-token', { clientId: client.id, name: 'Entra' }), {
      action: 'token.created',
      actor: who,
      object: { type: 'client-token' },
      after: { name: 'Entra' },
    });
    const { secret, token: tokenRow } = token.res.json<{ secret: string; token: { id: string } }>();
    await one(client.id, () => admin.del(`/api/client-token/${tokenRow.id}`), {
      action: 'token.invalidated',
      actor: who,
      object: { type: 'client-token', id: tokenRow.id },
      after: { active: false },
    });

    await one(
      client.id,
      () => admin.post(`/api/client/${client.id}/legal-texts/imprint`, { type: 'MARKDOWN', value: '# Impressum' }),
      {
        action: 'legal-text.changed',
        actor: who,
        object: { type: 'legal-text', id: 'imprint' },
        after: { type: 'MARKDOWN', value: '# Impressum' },
      },
    );

    const template = await one(
      client.id,
      () =>
        admin.post('/api/mail-template', {
          kind: 'invitation',
          name: 'Kurs X',
          locales: { 'en-US': { subject: 'Hello', bodyText: 'Welcome', bodyHtml: null } },
        }),
      { action: 'template.changed', actor: who, object: { type: 'mail_template' }, detail: { op: 'create' } },
    );
    const templateId = template.res.json<{ id: string }>().id;
    await one(
      client.id,
      () =>
        admin.post(`/api/mail-template/${templateId}`, {
          locales: { 'en-US': { subject: 'Hello again', bodyText: 'Welcome', bodyHtml: null } },
        }),
      {
        action: 'template.changed',
        actor: who,
        object: { type: 'mail_template', id: templateId },
        after: { locales: { 'en-US': { subject: 'Hello again' } } },
        detail: { op: 'update' },
      },
    );

    await one(
      client.id,
      () =>
        admin.inject({
          method: 'POST',
          url: `/api/mail-template/${templateId}/file/en-US`,
          ...multipartFile('<p>Hallo</p>', 'gruss.html', 'text/html'),
        }),
      {
        action: 'template.changed',
        actor: who,
        object: { type: 'mail_template', id: templateId },
        after: { locale: 'en-US', htmlFile: 'gruss.html' },
      },
    );
    await one(client.id, () => admin.del(`/api/mail-template/${templateId}/file/en-US`), {
      action: 'template.changed',
      actor: who,
      object: { type: 'mail_template', id: templateId },
      detail: { op: 'file-remove' },
    });

    await one(client.id, () => admin.post('/api/premium/settings', { ...PREMIUM_SETTINGS, clientId: client.id }), {
      action: 'premium.changed',
      actor: who,
      object: { type: 'premium-settings', id: client.id },
      after: { enabled: true, monthlyCents: 999 },
    });

    const text = await trailText([client.id, newClient]);
    for (const s of [SMTP_PASSWORD, secret, hashToken(secret), admin.token, TEST_PASSWORD])
      expect(text).not.toContain(s);
    const enc = await c.deps.db.selectFrom('client_smtp').select('password_enc').execute();
    for (const e of enc) if (e.password_enc) expect(text).not.toContain(e.password_enc);
  });

  it('keeps the client of another tenant out: a foreign client has its own chain', async () => {
    const c = ctx();
    const a = await createClient(c.deps.db);
    const b: TestClient = await createClient(c.deps.db);
    const user = await createUser(c.deps.db, b);
    await signIn(c.app, user);
    expect(await lastSeq(a.id)).toBe(0);
    expect(await lastSeq(b.id)).toBe(1);
  });
});
