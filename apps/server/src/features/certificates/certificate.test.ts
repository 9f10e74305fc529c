import { expect, it } from 'vitest';
import { createClient, createUser, signIn, type TestUser } from '../../../test/factories';
import { createGroup } from '../../../test/group-factories';
import { describeEachDialect } from '../../../test/test-app';
import { nowIso } from '../../platform/ids';
import {
  addParticipants,
  addTraining,
  certificateWorld,
  completeModules,
  pdfText,
  runCertificateJobs,
} from './test-certificates';

interface Certificate {
  id: string;
  trainingId: string;
  courseTitle: string;
  locale: string;
  fileName: string;
  issuedAt: string;
  regeneratedAt: string | null;
}

/** Names a certificate must carry letter for letter: the embedded font has every one of them. */
const PEOPLE = [
  { first_name: 'Łukasz', last_name: 'Kowalski', locale: 'de-DE' },
  { first_name: 'María', last_name: 'Ñúñez', locale: 'en-US' },
  { first_name: 'Søren', last_name: 'Øster', locale: 'fr-FR' },
  { first_name: 'Ayşe', last_name: 'Çelik', locale: 'de-DE' },
] as const;

describeEachDialect('certificates', (ctx) => {
  it('makes the certificate when a training becomes COMPLETED: names with accents, course title, date and duration in the user’s locale, and a queued mail', async () => {
    const { app, deps } = ctx();
    const world = await certificateWorld(ctx);
    const trainingId = await addTraining(deps.db, world.client.id, world.courseId);
    const people: TestUser[] = [];
    for (const p of PEOPLE) people.push(await createUser(deps.db, world.client, p));
    await addParticipants(
      deps.db,
      world.client.id,
      trainingId,
      people.map((p) => p.id),
    );
    for (const person of people) await completeModules(ctx, world, trainingId, person);
    expect(await runCertificateJobs(ctx)).toBe(4);

    const expected = [
      ['Łukasz Kowalski', 'hat am 4. März 2026 die Schulung „Arbeitssicherheit“ abgeschlossen (1 Stunde, 15 Minuten).'],
      ['María Ñúñez', 'successfully completed the training “Arbeitssicherheit (en)” on March 4, 2026.'],
      ['Søren Øster', 'a suivi avec succès la formation « Arbeitssicherheit (en) » le 4 mars 2026.'],
      ['Ayşe Çelik', 'hat am 4. März 2026 die Schulung „Arbeitssicherheit“ abgeschlossen (1 Stunde, 15 Minuten).'],
    ] as const;
    const texts: string[] = [];
    for (const [i, person] of people.entries()) {
      const me = await signIn(app, person);
      const mine = (await me.get('/api/course-certificate')).json<{ items: Certificate[] }>().items;
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ trainingId, locale: PEOPLE[i]?.locale, regeneratedAt: null });
      const res = await me.get(`/api/course-certificate/${mine[0]?.id}/download`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const [name, sentence] = expected[i] ?? ['', ''];
      const text = await pdfText(res.rawPayload);
      texts.push(text);
      expect(text, name).toContain(name);
      expect(text, name).toContain(sentence);
    }
    expect(texts[1]).toContain('Duration: 1 hour, 15 minutes');
    expect(texts[2]).toContain('Durée : 1 heure et 15 minutes');

    const mails = await deps.db
      .selectFrom('mail_queue')
      .select(['to_address', 'subject', 'body_text', 'locale'])
      .where('client_id', '=', world.client.id)
      .where('template_kind', '=', 'certificate_issued')
      .execute();
    expect(mails.map((m) => m.to_address).sort()).toEqual(people.map((p) => p.email).sort());
    const german = mails.find((m) => m.to_address === people[0]?.email);
    expect(german?.subject).toBe('Ihr Zertifikat für „Arbeitssicherheit“');
    expect(german?.body_text).toContain(`https://${world.client.host}/documents/certificates`);

    // Completing again, or a job run twice, makes neither a second certificate nor a second mail.
    await completeModules(ctx, world, trainingId, people[0]!);
    const { enqueueCertificateIssue } = await import('./certificate-jobs');
    await deps.db
      .transaction()
      .execute((trx) => enqueueCertificateIssue(trx, { clientId: world.client.id, trainingId, userId: people[0]!.id }));
    expect(await runCertificateJobs(ctx)).toBe(1);
    const count = await deps.db
      .selectFrom('course_certificates')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('training_id', '=', trainingId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(4);
    const again = await deps.db
      .selectFrom('mail_queue')
      .select('id')
      .where('client_id', '=', world.client.id)
      .where('template_kind', '=', 'certificate_issued')
      .execute();
    expect(again).toHaveLength(4);
  });

  it('downloads for the owner with Content-Disposition; another participant and a foreign client get 404, a coordinator only within scope', async () => {
    const { app, deps } = ctx();
    const world = await certificateWorld(ctx, { title: 'Brandschutz' });
    const trainingId = await addTraining(deps.db, world.client.id, world.courseId);
    const owner = await createUser(deps.db, world.client, { first_name: 'Jürgen', last_name: 'Groß' });
    const neighbour = await createUser(deps.db, world.client, { first_name: 'Nina', last_name: 'Nachbar' });
    await addParticipants(deps.db, world.client.id, trainingId, [owner.id, neighbour.id]);
    for (const u of [owner, neighbour]) await completeModules(ctx, world, trainingId, u);
    await runCertificateJobs(ctx);
    const mine = await signIn(app, owner);
    const [certificate] = (await mine.get('/api/course-certificate')).json<{ items: Certificate[] }>().items;
    const url = `/api/course-certificate/${certificate?.id}/download`;

    const res = await mine.get(url);
    expect(res.statusCode).toBe(200);
    expect(certificate?.fileName).toBe('Zertifikat – Brandschutz – Jürgen Groß.pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Zertifikat _ Brandschutz _ J_rgen Gro_.pdf"; filename*=UTF-8''${encodeURIComponent(certificate?.fileName ?? '')}`,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const other = await signIn(app, neighbour);
    expect((await other.get(url)).statusCode).toBe(404);
    expect((await other.get('/api/course-certificate')).json<{ items: Certificate[] }>().items).toHaveLength(1);
    const foreign = await signIn(app, await createUser(deps.db, await createClient(deps.db), { role: 'ADMIN' }));
    expect((await foreign.get(url)).statusCode).toBe(404);
    expect((await foreign.get('/api/course-certificate')).json()).toEqual({ items: [] });
    expect((await world.admin.get(url)).statusCode).toBe(200);

    const coordinatorUser = await createUser(deps.db, world.client, { role: 'COORDINATOR' });
    const coordinator = await signIn(app, coordinatorUser);
    expect((await coordinator.get(url)).statusCode).toBe(404);
    const group = await createGroup(deps.db, world.client, { members: [owner], coordinators: [coordinatorUser] });
    await deps.db
      .insertInto('training_groups')
      .values({ training_id: trainingId, group_id: group.id, client_id: world.client.id, created_at: nowIso() })
      .execute();
    expect((await coordinator.get(url)).statusCode).toBe(200);
    const neighbours = (await other.get('/api/course-certificate')).json<{ items: Certificate[] }>().items;
    expect((await coordinator.get(`/api/course-certificate/${neighbours[0]?.id}/download`)).statusCode).toBe(404);
    const content = await signIn(app, await createUser(deps.db, world.client, { role: 'CONTENT_MASTER' }));
    expect((await content.get(url)).statusCode).toBe(404);
  });

  it('a course without a certificate template makes no certificate, and its regeneration is refused', async () => {
    const { deps } = ctx();
    const world = await certificateWorld(ctx);
    await world.content.post(`/api/courses/${world.courseId}`, {
      i18n: { 'de-DE': { title: 'Ohne', description: '' } },
      certificateTemplateId: null,
    });
    const trainingId = await addTraining(deps.db, world.client.id, world.courseId);
    const user = await createUser(deps.db, world.client);
    await addParticipants(deps.db, world.client.id, trainingId, [user.id]);
    await completeModules(ctx, world, trainingId, user);
    expect(await runCertificateJobs(ctx)).toBe(1);
    const rows = await deps.db
      .selectFrom('course_certificates')
      .select('id')
      .where('training_id', '=', trainingId)
      .execute();
    expect(rows).toEqual([]);
    const res = await world.admin.post(`/api/course-training/${trainingId}/certificates/regenerate`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'certificate_template_not_found' });
  });
});
