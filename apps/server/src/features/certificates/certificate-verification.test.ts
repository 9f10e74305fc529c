import { VERIFICATION_CODE_ALPHABET, VERIFICATION_CODE_LENGTH } from '@lms/contracts/certificates';
import { expect, it, vi } from 'vitest';
import { createClient, createUser, signIn } from '../../../test/factories';
import { createGroup } from '../../../test/group-factories';
import { caller, describeEachDialect, type TestContext } from '../../../test/test-app';
import { newVerificationCode, nowIso } from '../../platform/ids';
import { REQUEST_LIMITS } from '../../platform/request-limits';
import {
  addParticipants,
  addTraining,
  certificateWorld,
  completeModules,
  pdfText,
  qrOfFirstPage,
  runCertificateJobs,
  type CertificateWorld,
} from './test-certificates';

// Issue 30 point 2: certificates anyone can verify.

interface Verification {
  code: string;
  status: string;
  holderName: string;
  courseTitle: string;
  issuedAt: string;
  validUntil: string | null;
}

/** A completed participant with their certificate, and its row. */
async function certified(
  ctx: () => TestContext,
  world: CertificateWorld,
  person: { first_name?: string; last_name?: string } = {},
) {
  const { deps } = ctx();
  const trainingId = await addTraining(deps.db, world.client.id, world.courseId);
  const user = await createUser(deps.db, world.client, { first_name: 'Jürgen', last_name: 'Groß', ...person });
  await addParticipants(deps.db, world.client.id, trainingId, [user.id]);
  await completeModules(ctx, world, trainingId, user);
  await runCertificateJobs(ctx);
  const row = await deps.db
    .selectFrom('course_certificates')
    .selectAll()
    .where('training_id', '=', trainingId)
    .executeTakeFirstOrThrow();
  return { trainingId, user, row, code: row.verification_code ?? '' };
}

let ips = 0;
/** An anonymous caller on a host, from an address of its own (the per-IP limit would count every test's calls). */
const visitor = (ctx: () => TestContext, host: string, ip = `198.51.${(++ips >> 8) & 255}.${ips & 255}`) => {
  const anon = caller(ctx().app, host);
  return (code: string) =>
    anon.inject({ method: 'GET', url: `/api/certificate-verification/${code}`, remoteAddress: ip });
};

const grouped = (code: string) => code.match(/.{4}/g)?.join('-') ?? '';

describeEachDialect('certificate verification', (ctx) => {
  it('prints the code and a QR code of /verify/{code} on the client’s domain; the public check answers valid, then expired once valid_until passed', async () => {
    const { app, deps } = ctx();
    const world = await certificateWorld(ctx, { title: 'Brandschutz' });
    const { user, code } = await certified(ctx, world);
    expect(code).toMatch(new RegExp(`^[${VERIFICATION_CODE_ALPHABET}]{${VERIFICATION_CODE_LENGTH}}$`));

    const mine = await signIn(app, user);
    const [certificate] = (await mine.get('/api/course-certificate')).json<{ items: { id: string }[] }>().items;
    const pdf = (await mine.get(`/api/course-certificate/${certificate?.id}/download`)).rawPayload;
    const url = `https://${world.client.host}/verify/${code}`;
    const text = await pdfText(pdf);
    expect(text).toContain(`Prüfcode: ${grouped(code)}`);
    expect(text).toContain(url);
    // The page as pdf.js draws it, read by a QR decoder (jsQR): the address of the public check.
    expect(await qrOfFirstPage(pdf)).toBe(url);

    const check = visitor(ctx, world.client.host);
    const valid = await check(code);
    expect(valid.statusCode).toBe(200);
    expect(valid.headers['cache-control']).toBe('no-store');
    const answer = valid.json<Verification>();
    expect(answer).toEqual({
      code: grouped(code),
      status: 'valid',
      holderName: 'Jürgen Groß',
      courseTitle: 'Brandschutz',
      issuedAt: expect.any(String) as string,
      validUntil: null,
    });
    // The code as printed, in lower case, or with an O for a 0 answers the same.
    expect((await check(grouped(code).toLowerCase())).json()).toEqual(answer);

    // Validity (issue 30 point 1) fills valid_until; here the database does.
    const future = '2999-01-01T00:00:00.000Z';
    await deps.db
      .updateTable('course_certificates')
      .set({ valid_until: future })
      .where('verification_code', '=', code)
      .execute();
    expect((await check(code)).json()).toMatchObject({ status: 'valid', validUntil: future });
    const past = '2020-01-01T00:00:00.000Z';
    await deps.db
      .updateTable('course_certificates')
      .set({ valid_until: past })
      .where('verification_code', '=', code)
      .execute();
    expect((await check(code)).json()).toMatchObject({ status: 'expired', validUntil: past });
  });

  it('answers a wrong code and another client’s code with the same 404, after the same statements as a right one', async () => {
    const { deps } = ctx();
    const world = await certificateWorld(ctx);
    const { code } = await certified(ctx, world);
    const otherWorld = await certificateWorld(ctx);
    const { code: foreignCode } = await certified(ctx, otherWorld);
    const wrongCode = newVerificationCode(VERIFICATION_CODE_ALPHABET, VERIFICATION_CODE_LENGTH);

    // Every statement goes through the executor's executeQuery (Kysely's one way out), as in password-reset.test.ts.
    const executor = (deps.db as unknown as { getExecutor(): object }).getExecutor();
    let owner: object | null = executor;
    while (owner && !Object.hasOwn(owner, 'executeQuery')) owner = Object.getPrototypeOf(owner) as object | null;
    if (!owner) throw new Error('no executeQuery on the executor');
    const seen = vi.spyOn(owner as { executeQuery: (q: { sql: string }) => Promise<unknown> }, 'executeQuery');
    const check = visitor(ctx, world.client.host);
    const statements = async (asked: string) => {
      seen.mockClear();
      const res = await check(asked);
      return { status: res.statusCode, body: res.body, sql: seen.mock.calls.map(([q]) => q.sql) };
    };
    try {
      await statements(wrongCode); // the host's client is resolved once (platform/tenant.ts cache)
      const right = await statements(code);
      const wrong = await statements(wrongCode);
      const foreign = await statements(foreignCode);
      expect(right.status).toBe(200);
      expect(wrong.status).toBe(404);
      expect(foreign).toEqual(wrong);
      expect(JSON.parse(wrong.body)).toEqual({
        error: 'not_found',
        message: 'Not found.',
        details: { entity: 'certificate' },
      });
      expect(right.sql.length).toBeGreaterThan(0);
      expect(wrong.sql).toEqual(right.sql);
    } finally {
      seen.mockRestore();
    }
    // On its own client's host the foreign code answers; a code that is no code at all is a 400.
    expect((await visitor(ctx, otherWorld.client.host)(foreignCode)).statusCode).toBe(200);
    const malformed = await check('not-a-code');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: 'validation_failed' });
  });

  it('limits the public check per IP: 429 rate_limited past its threshold, while another IP still gets answers', async () => {
    const world = await certificateWorld(ctx);
    const { code } = await certified(ctx, world);
    const { max } = REQUEST_LIMITS.certificateVerification;
    const check = visitor(ctx, world.client.host, '192.0.2.77');
    for (let i = 0; i < max; i++) expect((await check(code)).statusCode).toBe(200);
    const over = await check(code);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ error: 'rate_limited' });
    expect((await check(newVerificationCode(VERIFICATION_CODE_ALPHABET, VERIFICATION_CODE_LENGTH))).statusCode).toBe(
      429,
    );
    expect((await visitor(ctx, world.client.host, '192.0.2.78')(code)).statusCode).toBe(200);
  });

  it('withdraws one certificate with a reason: it then verifies as withdrawn; a coordinator only within scope, a participant never', async () => {
    const { app, deps } = ctx();
    const world = await certificateWorld(ctx);
    const { trainingId, user, row, code } = await certified(ctx, world);
    const url = `/api/course-certificate/${row.id}/withdraw`;
    const reason = { reason: 'Teilnahme nicht persönlich' };

    const participant = await signIn(app, user);
    expect((await participant.post(url, reason)).json()).toMatchObject({ error: 'forbidden' });
    const coordinatorUser = await createUser(deps.db, world.client, { role: 'COORDINATOR' });
    const coordinator = await signIn(app, coordinatorUser);
    expect((await coordinator.post(url, reason)).statusCode).toBe(404);
    const foreign = await signIn(app, await createUser(deps.db, await createClient(deps.db), { role: 'ADMIN' }));
    expect((await foreign.post(url, reason)).statusCode).toBe(404);
    for (const bad of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 7 }]) {
      const res = await world.admin.post(url, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed' });
    }
    expect((await visitor(ctx, world.client.host)(code)).json()).toMatchObject({ status: 'valid' });

    const group = await createGroup(deps.db, world.client, { members: [user], coordinators: [coordinatorUser] });
    await deps.db
      .insertInto('training_groups')
      .values({ training_id: trainingId, group_id: group.id, client_id: world.client.id, created_at: nowIso() })
      .execute();
    const res = await coordinator.post(url, reason);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: row.id, verificationCode: grouped(code), withdrawnReason: reason.reason });
    expect(res.json<{ withdrawnAt: string | null }>().withdrawnAt).not.toBeNull();
    const answer = (await visitor(ctx, world.client.host)(code)).json<Verification>();
    expect(answer).toMatchObject({ status: 'withdrawn', holderName: 'Jürgen Groß' });
    // The coordinators' list of all certificates marks it.
    const listed = (await world.admin.get('/api/users/allDocuments')).json<{
      items: { id: string; withdrawnAt: string | null }[];
    }>();
    expect(listed.items.find((d) => d.id === row.id)?.withdrawnAt).not.toBeNull();
    // The public page shows no reason.
    expect(JSON.stringify(answer)).not.toContain(reason.reason);
    // Withdrawn stays withdrawn, whatever its validity says; withdrawing again is a conflict.
    await deps.db.updateTable('course_certificates').set({ valid_until: '2020-01-01T00:00:00.000Z' }).execute();
    expect((await visitor(ctx, world.client.host)(code)).json()).toMatchObject({ status: 'withdrawn' });
    expect((await world.admin.post(url, reason)).statusCode).toBe(409);
  });

  it('re-issues one certificate after a name was corrected: a new code on a new PDF, and the old code verifies as withdrawn', async () => {
    const { app, deps } = ctx();
    const world = await certificateWorld(ctx);
    const { user, row, code } = await certified(ctx, world, { first_name: 'Jurgen', last_name: 'Gross' });
    const other = await certified(ctx, world, { first_name: 'Nina', last_name: 'Nachbar' });
    await deps.db
      .updateTable('users')
      .set({ first_name: 'Jürgen', last_name: 'Groß' })
      .where('id', '=', user.id)
      .execute();

    const participant = await signIn(app, user);
    expect((await participant.post(`/api/course-certificate/${row.id}/reissue`)).statusCode).toBe(403);
    const res = await world.admin.post(`/api/course-certificate/${row.id}/reissue`);
    expect(res.statusCode).toBe(200);
    const state = res.json<{ verificationCode: string; withdrawnAt: string | null }>();
    expect(state.withdrawnAt).toBeNull();
    const newCode = state.verificationCode.replace(/-/g, '');
    expect(newCode).not.toBe(code);

    const check = visitor(ctx, world.client.host);
    expect((await check(code)).json()).toMatchObject({ status: 'withdrawn', holderName: 'Jürgen Groß' });
    expect((await check(newCode)).json()).toMatchObject({ status: 'valid', holderName: 'Jürgen Groß' });
    const pdf = (await participant.get(`/api/course-certificate/${row.id}/download`)).rawPayload;
    const text = await pdfText(pdf);
    expect(text).toContain('Jürgen Groß');
    expect(text).toContain(state.verificationCode);
    expect(text).not.toContain(grouped(code));
    expect(await qrOfFirstPage(pdf)).toContain(`/verify/${newCode}`);
    // The training's other certificate was left alone.
    const untouched = await deps.db
      .selectFrom('course_certificates')
      .select(['verification_code', 'regenerated_at'])
      .where('id', '=', other.row.id)
      .executeTakeFirstOrThrow();
    expect(untouched).toEqual({ verification_code: other.code, regenerated_at: null });

    // A regeneration of the training keeps each certificate's code.
    await world.admin.post(`/api/course-training/${other.trainingId}/certificates/regenerate`);
    await runCertificateJobs(ctx);
    expect((await check(other.code)).json()).toMatchObject({ status: 'valid' });
  });
});
