import { expect, it } from 'vitest';
import { createClient, createUser, signIn } from '../../../test/factories';
import { describeEachDialect } from '../../../test/test-app';
import { fileStore, type StorageConfig } from '../../platform/storage';
import { corpusZip, golfZip, moduleData, TINY_PDF, uploadModule } from './test-upload';

interface Module {
  id: string;
  order: number;
  kind: string;
  title: string;
  required: boolean;
  durationInMinutes: number;
  fileName: string;
  scorm: { version: string; scoCount: number; title: string } | null;
}

describeEachDialect('course modules', (ctx) => {
  const setup = async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const content = await signIn(app, await createUser(deps.db, client, { role: 'CONTENT_MASTER', locale: 'en-US' }));
    const course = await content.post('/api/courses', { i18n: { 'de-DE': { title: 'Golf', description: '' } } });
    return { app, deps, client, content, courseId: course.json<{ id: string }>().id };
  };

  /** Every file stored for the client's courses, relative to DATA_DIR/files/<clientId>. */
  const storedKeys = async (config: StorageConfig, prefix: string): Promise<string[]> => {
    const keys: string[] = [];
    for await (const f of fileStore(config).list(prefix)) keys.push(f.key);
    return keys;
  };
  const storedFiles = async (config: StorageConfig, clientId: string): Promise<string[]> =>
    (await storedKeys(config, clientId)).map((k) => k.split('/').pop() ?? '');

  it('uploads a SCORM 1.2 zip, a multi-SCO 2004 zip and a PDF, told apart by content not name', async () => {
    const { content, courseId } = await setup();
    const scorm12 = await uploadModule(content, courseId, await golfZip('RuntimeBasicCalls_SCORM12'));
    expect(scorm12.statusCode).toBe(200);
    expect(scorm12.json<Module>()).toMatchObject({
      order: 1,
      kind: 'scorm',
      title: 'Golf (en)',
      durationInMinutes: 45,
      fileName: 'RuntimeBasicCalls_SCORM12.zip',
      scorm: { version: 'scorm12', scoCount: 1, title: 'Golf Explained - Run-time Basic Calls' },
    });
    // A zip named .pdf is still a zip, and a PDF named .zip still a PDF.
    const multi = await uploadModule(content, courseId, {
      content: await corpusZip('golf/SequencingForcedSequential_SCORM20043rdEdition'),
      filename: 'looks-like.pdf',
    });
    expect(multi.json<Module>()).toMatchObject({
      order: 2,
      kind: 'scorm',
      scorm: { version: 'scorm2004-3rd', scoCount: 5 },
    });
    const pdf = await uploadModule(content, courseId, { content: TINY_PDF, filename: 'handout.zip' });
    expect(pdf.json<Module>()).toMatchObject({ order: 3, kind: 'pdf', scorm: null, fileName: 'handout.zip' });
    const course = await content.get(`/api/courses/${courseId}`);
    expect(course.json<{ modules: Module[] }>().modules.map((m) => m.order)).toEqual([1, 2, 3]);
  });

  it('refuses an unknown file type (magic bytes) and a broken package naming its fault, leaving nothing on disk', async () => {
    const { deps, client, content, courseId } = await setup();
    const text = await uploadModule(content, courseId, { content: Buffer.from('just text'), filename: 'course.zip' });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ error: 'unknown_file_type' });
    const broken = await uploadModule(content, courseId, {
      content: await corpusZip('edge-cases-elmp/MalformedXml_SCORM12'),
      filename: 'broken.zip',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ error: 'scorm_invalid', details: { reason: 'manifest_malformed' } });
    const missing = await uploadModule(content, courseId, {
      content: await corpusZip('edge-cases-elmp/MissingLaunchUrl_SCORM12'),
      filename: 'missing.zip',
    });
    expect(missing.json<{ details: { message: string } }>().details.message).toMatch(/launch|href/i);
    expect(await storedFiles(deps.config, client.id)).toEqual([]);
    expect((await content.get(`/api/courses/${courseId}`)).json()).toMatchObject({ modules: [] });
  });

  it('answers 400 for missing or invalid data and a missing file', async () => {
    const { content, courseId } = await setup();
    const zip = await golfZip('RuntimeMinimumCalls_SCORM12');
    const cases = [
      await uploadModule(content, courseId, zip, { data: 'not json' }),
      await uploadModule(content, courseId, zip, { data: JSON.stringify({ i18n: {}, durationInMinutes: 5 }) }),
      await uploadModule(content, courseId, zip, { data: moduleData('x', -3) }),
      await uploadModule(content, courseId, undefined),
      await content.post(`/api/courses/${courseId}/modules`, {
        i18n: { 'de-DE': { title: 'x' } },
        durationInMinutes: 1,
      }),
    ];
    for (const res of cases) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed' });
    }
  });

  it('updates texts alone, replaces the package keeping progress, and removes the old package', async () => {
    const { deps, client, content, courseId } = await setup();
    const module = (await uploadModule(content, courseId, await golfZip('RuntimeBasicCalls_SCORM12'))).json<Module>();
    const launch = await content.post(`/api/courses/${courseId}/modules/${module.id}/preview-launch`, {});
    expect(launch.statusCode).toBe(200);
    const renamed = await uploadModule(content, courseId, undefined, {
      moduleId: module.id,
      data: moduleData('Neu', 30),
    });
    expect(renamed.json<Module>()).toMatchObject({
      id: module.id,
      title: 'Neu (en)',
      durationInMinutes: 30,
      scorm: { version: 'scorm12' },
    });
    const before = (await storedFiles(deps.config, client.id)).length;
    const replaced = await uploadModule(content, courseId, await golfZip('RuntimeBasicCalls_SCORM20043rdEdition'), {
      moduleId: module.id,
    });
    expect(replaced.json<Module>()).toMatchObject({ id: module.id, scorm: { version: 'scorm2004-3rd' } });
    const attempts = await deps.db
      .selectFrom('scorm_attempts')
      .select('id')
      .where('module_id', '=', module.id)
      .execute();
    expect(attempts).toHaveLength(1);
    const moduleKey = `${client.id}/courses/${courseId}/modules/${module.id}`;
    const packages = new Set((await storedKeys(deps.config, moduleKey)).map((k) => k.split('/')[5]));
    expect(packages.size).toBe(1);
    expect(before).toBeGreaterThan(0);
  });

  it('orders modules, marks required ones through the course, and refuses an incomplete order', async () => {
    const { content, courseId } = await setup();
    const ids: string[] = [];
    for (const title of ['A', 'B', 'C']) {
      ids.push(
        (
          await uploadModule(
            content,
            courseId,
            { content: TINY_PDF, filename: `${title}.pdf` },
            { data: moduleData(title) },
          )
        ).json<Module>().id,
      );
    }
    const [a, b, c] = ids as [string, string, string];
    const ordered = await content.post(`/api/courses/${courseId}/modules/all/order`, { moduleIds: [c, a, b] });
    expect(ordered.statusCode).toBe(200);
    expect(ordered.json<{ modules: Module[] }>().modules.map((m) => [m.id, m.order])).toEqual([
      [c, 1],
      [a, 2],
      [b, 3],
    ]);
    for (const moduleIds of [
      [c, a],
      [c, a, b, b],
      [c, a, '0190a0a0-0000-7000-8000-000000000000'],
    ]) {
      const res = await content.post(`/api/courses/${courseId}/modules/all/order`, { moduleIds });
      expect(res.statusCode).toBe(400);
    }
    const course = await content.post(`/api/courses/${courseId}`, {
      i18n: { 'de-DE': { title: 'Golf', description: '' } },
      requiredModuleIds: [a],
    });
    expect(course.json()).toMatchObject({ requiredModuleIds: [a] });
    expect(course.json<{ modules: Module[] }>().modules.find((m) => m.id === a)?.required).toBe(true);
  });

  it('deletes a module and its files', async () => {
    const { deps, client, content, courseId } = await setup();
    const module = (await uploadModule(content, courseId, await golfZip('RuntimeMinimumCalls_SCORM12'))).json<Module>();
    expect((await storedFiles(deps.config, client.id)).length).toBeGreaterThan(0);
    expect((await content.del(`/api/courses/${courseId}/modules/${module.id}`)).json()).toEqual({ ok: true });
    expect(await storedFiles(deps.config, client.id)).toEqual([]);
    expect((await content.del(`/api/courses/${courseId}/modules/${module.id}`)).statusCode).toBe(404);
  });

  it('refuses participants with 403 and hides another client’s modules with 404', async () => {
    const { app, deps, client, content, courseId } = await setup();
    const module = (await uploadModule(content, courseId, { content: TINY_PDF, filename: 'a.pdf' })).json<Module>();
    const participant = await signIn(app, await createUser(deps.db, client));
    expect((await uploadModule(participant, courseId, { content: TINY_PDF, filename: 'a.pdf' })).statusCode).toBe(403);
    expect((await participant.del(`/api/courses/${courseId}/modules/${module.id}`)).statusCode).toBe(403);
    expect(
      (await participant.post(`/api/courses/${courseId}/modules/all/order`, { moduleIds: [module.id] })).statusCode,
    ).toBe(403);
    const foreign = await signIn(app, await createUser(deps.db, await createClient(deps.db), { role: 'ADMIN' }));
    expect((await uploadModule(foreign, courseId, { content: TINY_PDF, filename: 'a.pdf' })).statusCode).toBe(404);
    expect((await uploadModule(foreign, courseId, undefined, { moduleId: module.id })).statusCode).toBe(404);
    expect((await foreign.del(`/api/courses/${courseId}/modules/${module.id}`)).statusCode).toBe(404);
    expect(
      (await foreign.post(`/api/courses/${courseId}/modules/all/order`, { moduleIds: [module.id] })).statusCode,
    ).toBe(404);
    expect((await content.get(`/api/courses/${courseId}`)).json<{ modules: Module[] }>().modules).toHaveLength(1);
  });

  it('deleting the course removes every stored file of it', async () => {
    const { deps, client, content, courseId } = await setup();
    await uploadModule(content, courseId, await golfZip('RuntimeMinimumCalls_SCORM12'));
    expect((await content.del(`/api/courses/${courseId}`)).statusCode).toBe(200);
    expect(await storedFiles(deps.config, client.id)).toEqual([]);
  });
});
