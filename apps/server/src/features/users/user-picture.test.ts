import sharp from 'sharp';
import { expect, it } from 'vitest';
import { multipartFile } from '../../../test/multipart';
import { describeEachDialect, type Caller } from '../../../test/test-app';
import { createClient, createUser, signIn } from '../../../test/factories';

const upload = (session: Caller, id: string, bytes: Buffer, name = 'me.png', type = 'image/png') =>
  session.inject({ method: 'POST', url: `/api/users/${id}/picture`, ...multipartFile(bytes, name, type) });

describeEachDialect('profile pictures', (ctx) => {
  it('stores png, jpg and webp resized to a 256 px WebP, and removes it again', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const admin = await signIn(app, await createUser(deps.db, client, { role: 'ADMIN' }));
    const user = await createUser(deps.db, client);
    const image = sharp({ create: { width: 800, height: 600, channels: 3, background: '#336699' } });
    for (const bytes of [
      await image.clone().png().toBuffer(),
      await image.clone().jpeg().toBuffer(),
      await image.clone().webp().toBuffer(),
    ]) {
      const res = await upload(admin, user.id, bytes);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ hasProfilePicture: true });
    }
    const pic = await admin.get(`/api/users/${user.id}/picture`);
    expect(pic.headers['content-type']).toBe('image/webp');
    expect(await sharp(pic.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
    const own = await signIn(app, user);
    expect((await own.get('/api/user/picture')).statusCode).toBe(200);
    expect((await admin.del(`/api/users/${user.id}/picture`)).json()).toMatchObject({ hasProfilePicture: false });
    expect((await admin.get(`/api/users/${user.id}/picture`)).statusCode).toBe(404);
  });

  it('refuses a file that is not an image by its first bytes, whatever its name says', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const admin = await signIn(app, await createUser(deps.db, client, { role: 'ADMIN' }));
    const user = await createUser(deps.db, client);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const res = await upload(admin, user.id, svg, 'me.png', 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'unknown_file_type' });
    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100)]);
    expect((await upload(admin, user.id, broken)).json()).toMatchObject({ error: 'unknown_file_type' });
    const tooBig = await upload(admin, user.id, Buffer.alloc(6 * 1024 * 1024, 1));
    expect(tooBig.statusCode).toBe(413);
    expect((await admin.get(`/api/users/${user.id}`)).json()).toMatchObject({ hasProfilePicture: false });
  });
});
