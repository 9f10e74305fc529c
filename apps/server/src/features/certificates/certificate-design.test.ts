import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { createClient, createUser, signIn, type TestUser } from '../../../test/factories';
import { multipartFile } from '../../../test/multipart';
import { describeEachDialect, type Caller } from '../../../test/test-app';
import { DEMO_SIGNATURE_FILE } from '../demo/demo-certificate';
import { TINY_PDF } from '../modules/test-upload';
import {
  addParticipants,
  addTraining,
  certificateWorld,
  completeModules,
  pdfText,
  runCertificateJobs,
} from './test-certificates';

// Issue 32 point 2: a certificate template's look (design, orientation, signatories) and signature images, and the
// certificate made from it: the course's duration, the signatories, the design's page.

interface Template {
  id: string;
  design: string | null;
  orientation: string;
  signatories: { name: string; role: string; hasSignature: boolean }[];
}

const LOOK = {
  design: 'modern',
  orientation: 'landscape',
  signatories: [
    { name: 'Dr. Anna Schäfer', role: 'Geschäftsführerin' },
    { name: 'Jérôme Lefèbvre', role: 'Leitung Schulung' },
  ],
};

const uploadSignature = (who: Caller, id: string, slot: number | string, bytes: Buffer, name = 'unterschrift.png') =>
  who.inject({
    method: 'POST',
    url: `/api/certificate-template/${id}/signature/${slot}`,
    ...multipartFile(bytes, name, 'image/png'),
  });

describeEachDialect('certificate designs and signatures', (ctx) => {
  it('saves a design with signatories, takes a signature image, previews it and issues the certificate with the course’s duration', async () => {
    const { app, deps } = ctx();
    const world = await certificateWorld(ctx);
    const { content } = world;
    // The course says 30 minutes; its modules add up to 75 (issue 32: the certificate said the modules' sum).
    await deps.db.updateTable('courses').set({ duration_minutes: 30 }).where('id', '=', world.courseId).execute();

    const fresh = (await content.get(`/api/certificate-template/${world.templateId}`)).json<Template>();
    expect(fresh).toMatchObject({ design: 'classic', orientation: 'portrait' });
    expect(fresh.signatories).toEqual([
      { name: '', role: '', hasSignature: false },
      { name: '', role: '', hasSignature: false },
    ]);

    const saved = await content.post(`/api/certificate-template/${world.templateId}/design`, LOOK);
    expect(saved.statusCode).toBe(200);
    expect(saved.json<Template>()).toMatchObject({ design: 'modern', orientation: 'landscape' });
    const signed = await uploadSignature(content, world.templateId, 1, await readFile(DEMO_SIGNATURE_FILE));
    expect(signed.statusCode).toBe(200);
    expect(signed.json<Template>().signatories).toEqual([
      { name: 'Dr. Anna Schäfer', role: 'Geschäftsführerin', hasSignature: true },
      { name: 'Jérôme Lefèbvre', role: 'Leitung Schulung', hasSignature: false },
    ]);
    // A JPEG is taken too, and kept as the slot's image.
    const jpeg = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#ffffff' } })
      .jpeg()
      .toBuffer();
    expect((await uploadSignature(content, world.templateId, 2, jpeg, 'b.jpg')).statusCode).toBe(200);

    // The preview shows the saved look, or an unsaved one.
    const preview = await content.post(`/api/certificate-template/${world.templateId}/preview/de-DE`, {});
    expect(preview.headers['x-page-size']).toBe('842x595');
    expect(await pdfText(preview.rawPayload)).toContain('Dr. Anna Schäfer Geschäftsführerin');
    const draft = await content.post(`/api/certificate-template/${world.templateId}/preview/de-DE`, {
      design: { design: 'classic', orientation: 'portrait', signatories: [{ name: 'Eva Entwurf', role: 'Vorstand' }] },
    });
    expect(draft.headers['x-page-size']).toBe('595x842');
    const draftText = await pdfText(draft.rawPayload);
    expect(draftText).toContain('Eva Entwurf');
    expect(draftText).not.toContain('Jérôme');

    const trainingId = await addTraining(deps.db, world.client.id, world.courseId);
    const person: TestUser = await createUser(deps.db, world.client, {
      first_name: 'Zoë',
      last_name: 'Müller-Lefèvre',
      locale: 'de-DE',
    });
    await addParticipants(deps.db, world.client.id, trainingId, [person.id]);
    await completeModules(ctx, world, trainingId, person);
    expect(await runCertificateJobs(ctx)).toBe(1);
    const me = await signIn(app, person);
    const [mine] = (await me.get('/api/course-certificate')).json<{ items: { id: string }[] }>().items;
    const text = await pdfText((await me.get(`/api/course-certificate/${mine?.id}/download`)).rawPayload);
    expect(text).toContain('Zoë Müller-Lefèvre');
    expect(text).toContain('(30 Minuten)');
    expect(text).not.toContain('15 Minuten');
    expect(text).toContain('Dr. Anna Schäfer');
    expect(text).toContain('Prüfcode');

    const removed = await content.del(`/api/certificate-template/${world.templateId}/signature/1`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json<Template>().signatories[0]).toMatchObject({ hasSignature: false, name: 'Dr. Anna Schäfer' });
    // Back to the plain page.
    const plain = await content.post(`/api/certificate-template/${world.templateId}/design`, {
      design: null,
      orientation: 'portrait',
      signatories: [],
    });
    expect(plain.json<Template>()).toMatchObject({ design: null, signatories: [{ name: '' }, { name: '' }] });
  });

  it('refuses a bad design (400), a signature that is no PNG or JPEG or too large (400) and a slot beyond two', async () => {
    const { content, templateId } = await certificateWorld(ctx);
    const bad = await content.post(`/api/certificate-template/${templateId}/design`, { ...LOOK, design: 'fancy' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'validation_failed' });
    const three = [...LOOK.signatories, { name: 'C', role: 'D' }];
    const tooMany = await content.post(`/api/certificate-template/${templateId}/design`, {
      ...LOOK,
      signatories: three,
    });
    expect(tooMany.statusCode).toBe(400);
    const long = await content.post(`/api/certificate-template/${templateId}/design`, {
      ...LOOK,
      signatories: [{ name: 'x'.repeat(121), role: '' }],
    });
    expect(long.statusCode).toBe(400);

    const pdf = await uploadSignature(content, templateId, 1, TINY_PDF, 'unterschrift.png');
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json()).toMatchObject({ error: 'certificate_signature_unreadable', details: { field: 'file' } });
    const huge = await sharp({ create: { width: 3_200, height: 10, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    expect((await uploadSignature(content, templateId, 1, huge)).json()).toMatchObject({
      error: 'certificate_signature_unreadable',
    });
    const slot3 = await uploadSignature(content, templateId, 3, await readFile(DEMO_SIGNATURE_FILE));
    expect(slot3.statusCode).toBe(400);
    expect((await content.del(`/api/certificate-template/${templateId}/signature/0`)).statusCode).toBe(400);
    const after = (await content.get(`/api/certificate-template/${templateId}`)).json<Template>();
    expect(after.signatories.every((s) => !s.hasSignature)).toBe(true);
  });

  it('answers 403 to roles without the content capability and 404 for another client’s template, changing nothing', async () => {
    const { app, deps } = ctx();
    const { client, content, templateId } = await certificateWorld(ctx);
    const signature = await readFile(DEMO_SIGNATURE_FILE);
    for (const role of ['PARTICIPANT', 'COORDINATOR'] as const) {
      const who = await signIn(app, await createUser(deps.db, client, { role }));
      expect((await who.post(`/api/certificate-template/${templateId}/design`, LOOK)).statusCode, role).toBe(403);
      expect((await uploadSignature(who, templateId, 1, signature)).statusCode, role).toBe(403);
      expect((await who.del(`/api/certificate-template/${templateId}/signature/1`)).statusCode, role).toBe(403);
    }
    const other = await signIn(app, await createUser(deps.db, await createClient(deps.db), { role: 'CONTENT_MASTER' }));
    const foreign = await other.post(`/api/certificate-template/${templateId}/design`, LOOK);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: 'not_found' });
    expect((await uploadSignature(other, templateId, 1, signature)).statusCode).toBe(404);
    expect((await other.del(`/api/certificate-template/${templateId}/signature/1`)).statusCode).toBe(404);
    const design = { design: LOOK };
    expect((await other.post(`/api/certificate-template/${templateId}/preview/de-DE`, design)).statusCode).toBe(404);
    const unchanged = (await content.get(`/api/certificate-template/${templateId}`)).json<Template>();
    expect(unchanged).toMatchObject({ design: 'classic', orientation: 'portrait' });
    expect(unchanged.signatories.every((s) => s.name === '' && !s.hasSignature)).toBe(true);
  });
});
