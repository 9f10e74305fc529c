import { COVER_HEIGHT, COVER_MAX_BYTES, COVER_WIDTH } from '@lms/contracts/courses';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { createClient, createUser, signIn } from '../../../test/factories';
import { multipartFile } from '../../../test/multipart';
import { caller, describeEachDialect, type Caller, type TestContext } from '../../../test/test-app';
import { fileStore } from '../../platform/storage';

// Issue 32 point 3: a course's cover. Upload (PNG, JPEG or WebP by its bytes, bounded), the stored 16:9 WebP, its URL
// in the course's answers, the picture itself with its cache headers, and delete; other roles and other clients.

type CourseAnswer = { id: string; coverUrl: string | null };

const picture = (width: number, height: number, format: 'png' | 'jpeg' | 'webp') =>
  sharp({ create: { width, height, channels: 3, background: '#2e7d32' } })
    .toFormat(format)
    .toBuffer();

const upload = (who: Caller, courseId: string, bytes: Buffer, name: string, type = 'image/png') =>
  who.inject({ method: 'POST', url: `/api/courses/${courseId}/cover`, ...multipartFile(bytes, name, type) });

async function world(ctx: TestContext) {
  const { app, deps } = ctx;
  const client = await createClient(deps.db);
  const content = await signIn(app, await createUser(deps.db, client, { role: 'CONTENT_MASTER' }));
  const learner = await signIn(app, await createUser(deps.db, client));
  const created = await content.post('/api/courses', {
    i18n: { 'de-DE': { title: 'Erste Hilfe', description: '' } },
    active: true,
    premium: false,
  });
  if (created.statusCode !== 200) throw new Error(`${created.statusCode} ${created.body}`);
  return { client, content, learner, course: created.json<CourseAnswer>(), anonymous: caller(app, client.host) };
}

describeEachDialect('course covers', (ctx) => {
  it('stores an upload as a 16:9 WebP, names it in the course, serves it cached, replaces and deletes it', async () => {
    const w = await world(ctx());
    expect(w.course.coverUrl).toBeNull();
    const res = await upload(w.content, w.course.id, await picture(1600, 1200, 'jpeg'), 'photo.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(200);
    const first = res.json<CourseAnswer>().coverUrl;
    expect(first).toMatch(new RegExp(`^/api/courses/${w.course.id}/cover/[0-9a-f-]{36}$`));
    const list = await w.content.get('/api/courses');
    expect(list.json<{ items: CourseAnswer[] }>().items.find((c) => c.id === w.course.id)?.coverUrl).toBe(first);

    // An <img> sends no session: the picture answers on the client's host without one.
    const img = await w.anonymous.get(first ?? '');
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    expect(img.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(img.headers.etag).toBeTruthy();
    const meta = await sharp(img.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', COVER_WIDTH, COVER_HEIGHT]);

    // A new upload gets a new URL; the old one is gone, and so is its file.
    const again = await upload(w.content, w.course.id, await picture(640, 360, 'webp'), 'c.webp', 'image/webp');
    const second = again.json<CourseAnswer>().coverUrl;
    expect(second).not.toBe(first);
    expect((await w.anonymous.get(first ?? '')).statusCode).toBe(404);
    expect((await w.anonymous.get(second ?? '')).statusCode).toBe(200);

    const removed = await w.content.del(`/api/courses/${w.course.id}/cover`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json<CourseAnswer>().coverUrl).toBeNull();
    expect((await w.anonymous.get(second ?? '')).statusCode).toBe(404);
    const left: string[] = [];
    for await (const f of fileStore(ctx().deps.config).list(w.client.id))
      if (f.key.includes('/cover-')) left.push(f.key);
    expect(left).toEqual([]);
  });

  it('refuses what is no PNG, JPEG or WebP (by its bytes, whatever its name), and a file over the bound', async () => {
    const w = await world(ctx());
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="16" height="9"/>');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
    for (const [bytes, name] of [
      [svg, 'cover.png'],
      [pdf, 'cover.jpg'],
      [Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'cover.gif'],
    ] as const) {
      const res = await upload(w.content, w.course.id, bytes, name);
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toMatchObject({ error: 'unknown_file_type' });
    }
    // A PNG's first bytes on a body that is none: sharp cannot read it, still a 400.
    const broken = (await picture(32, 18, 'png')).subarray(0, 60);
    expect((await upload(w.content, w.course.id, broken, 'broken.png')).statusCode).toBe(400);
    const big = Buffer.concat([await picture(32, 18, 'png'), Buffer.alloc(COVER_MAX_BYTES)]);
    const tooLarge = await upload(w.content, w.course.id, big, 'big.png');
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ error: 'payload_too_large' });
    const missing = await w.content.inject({
      method: 'POST',
      url: `/api/courses/${w.course.id}/cover`,
      ...multipartFile(await picture(32, 18, 'png'), 'a.png', 'image/png', 'other'),
    });
    expect(missing.statusCode).toBe(400);
    expect((await w.content.get(`/api/courses/${w.course.id}`)).json<CourseAnswer>().coverUrl).toBeNull();
  });

  it('is for content masters only (403), and another client sees nothing of it (404)', async () => {
    const w = await world(ctx());
    const png = await picture(160, 90, 'png');
    const denied = await upload(w.learner, w.course.id, png, 'a.png');
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ error: 'forbidden' });
    expect((await w.learner.del(`/api/courses/${w.course.id}/cover`)).statusCode).toBe(403);
    const url = (await upload(w.content, w.course.id, png, 'a.png')).json<CourseAnswer>().coverUrl ?? '';

    const { app, deps } = ctx();
    const other = await createClient(deps.db);
    const otherContent = await signIn(app, await createUser(deps.db, other, { role: 'CONTENT_MASTER' }));
    for (const res of [
      await upload(otherContent, w.course.id, png, 'a.png'),
      await otherContent.del(`/api/courses/${w.course.id}/cover`),
      await caller(app, other.host).get(url),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Erste Hilfe');
    }
    expect((await w.anonymous.get(url)).statusCode).toBe(200);
    // An id that is no id is bad input; a version that was never this course's is not found.
    expect((await w.anonymous.get(`/api/courses/${w.course.id}/cover/nope`)).statusCode).toBe(400);
    expect((await w.anonymous.get(url.replace(/[0-9a-f]{4}$/, '0000'))).statusCode).toBe(404);
  });
});
