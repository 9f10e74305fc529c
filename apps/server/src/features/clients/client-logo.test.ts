import type { TClient } from '@lms/contracts/client-admin';
import { CLIENT_LOGO_MAX_BYTES } from '@lms/contracts/constants';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { multipartFile } from '../../../test/multipart';
import { caller, describeEachDialect } from '../../../test/test-app';
import { storedSize } from '../../platform/storage';
import { TINY_PDF, TINY_PNG } from '../modules/test-upload';
import { clientRow, resellerWorld } from './client-test-kit';

const HOSTILE_SVG = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 40 40" onload="alert(1)">
  <script>alert(document.cookie)</script>
  <foreignObject width="40" height="40"><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>
  <defs><linearGradient id="g"><stop offset="0" stop-color="#123456"/></linearGradient></defs>
  <rect width="40" height="40" fill="url(#g)"/>
  <rect width="10" height="10" style="fill: url(https://tracker.example/t.svg#x)"/>
  <image href="https://tracker.example/pixel.png" width="1" height="1"/>
  <a xlink:href="javascript:alert(1)"><circle cx="20" cy="20" r="5"/></a>
  <use xlink:href="https://tracker.example/sprite.svg#icon"/>
</svg>`;

describeEachDialect('client logo (issue 11, DECISIONS "Clients")', (ctx) => {
  const upload = (bytes: Buffer | string, name: string, type: string) => multipartFile(bytes, name, type);

  it('stores a PNG, shows it on the login page of the client and in the admin view, and removes it', async () => {
    const { app, deps } = ctx();
    const w = await resellerWorld(ctx());
    const reseller = await w.as(w.reseller, 'RESELLER');
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const res = await reseller.inject({
      method: 'POST',
      url: `/api/client/${w.resold.id}/logo`,
      ...upload(png, 'logo.png', 'image/png'),
    });
    expect(res.statusCode).toBe(200);
    const client = res.json<TClient>();
    expect(client.logoUrl).toMatch(new RegExp(`^/api/client/${w.resold.id}/logo`));
    // The login page reads the host's client at once (the tenant cache was forgotten).
    const current = await caller(app, w.resold.host).get('/api/client/current');
    const { logoUrl } = current.json<{ logoUrl: string }>();
    expect(logoUrl).toMatch(/^\/api\/client\/current\/logo\?v=[0-9a-f]{12}$/);
    const served = await caller(app, w.resold.host).get(logoUrl);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
    // A replaced logo has another address, so no browser shows the old one from its cache.
    const again = await reseller.inject({
      method: 'POST',
      url: `/api/client/${w.resold.id}/logo`,
      ...upload(png, 'logo.png', 'image/png'),
    });
    expect(again.statusCode).toBe(200);
    const replaced = (await caller(app, w.resold.host).get('/api/client/current')).json<{ logoUrl: string }>();
    expect(replaced.logoUrl).toMatch(/^\/api\/client\/current\/logo\?v=[0-9a-f]{12}$/);
    expect(replaced.logoUrl).not.toBe(logoUrl);
    const preview = await reseller.get(client.logoUrl ?? '');
    expect(preview.rawPayload.equals(png)).toBe(true);
    const key = (await clientRow(deps.db, w.resold.id)).logo_file ?? '';
    const removed = await reseller.del(`/api/client/${w.resold.id}/logo`);
    expect(removed.json()).toMatchObject({ logoUrl: null });
    expect(await storedSize(deps.config, key)).toBeUndefined();
    expect((await caller(app, w.resold.host).get('/api/client/current/logo')).statusCode).toBe(404);
  });

  it('refuses a PDF named .png, a JPEG named .png and a text file (logo_type_not_allowed), and over 2 MB (413)', async () => {
    const { deps } = ctx();
    const w = await resellerWorld(ctx());
    const admin = await w.as(w.resold, 'ADMIN');
    const url = `/api/client/${w.resold.id}/logo`;
    const jpeg = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#00ff00' } })
      .jpeg()
      .toBuffer();
    for (const [bytes, name] of [
      [TINY_PDF, 'logo.png'],
      [jpeg, 'logo.png'],
      [Buffer.from('just text'), 'logo.svg'],
      [TINY_PNG, 'logo.pdf'],
    ] as const) {
      const res = await admin.inject({ method: 'POST', url, ...upload(bytes, name, 'image/png') });
      expect(`${name} ${res.statusCode} ${res.json<{ error: string }>().error}`).toBe(
        `${name} 400 logo_type_not_allowed`,
      );
    }
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(CLIENT_LOGO_MAX_BYTES)]);
    const tooBig = await admin.inject({ method: 'POST', url, ...upload(big, 'big.png', 'image/png') });
    expect(tooBig.statusCode).toBe(413);
    expect((await clientRow(deps.db, w.resold.id)).logo_file).toBeNull();
    const tmp = path.join(deps.config.dataDir, 'tmp', 'uploads');
    expect(existsSync(tmp) ? readdirSync(tmp) : []).toEqual([]);
  });

  it('stores an SVG without script, foreignObject, event handlers or external references', async () => {
    const { app, deps } = ctx();
    const w = await resellerWorld(ctx());
    const admin = await w.as(w.resold, 'ADMIN');
    const res = await admin.inject({
      method: 'POST',
      url: `/api/client/${w.resold.id}/logo`,
      ...upload(HOSTILE_SVG, 'logo.svg', 'image/svg+xml'),
    });
    expect(res.statusCode).toBe(200);
    const served = await caller(app, w.resold.host).get('/api/client/current/logo');
    expect(served.headers['content-type']).toBe('image/svg+xml');
    // The logo's own sandbox policy, not the app page's (which the app's default header would be).
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const svg = served.body;
    for (const gone of [
      'script',
      'foreignObject',
      'onload',
      'tracker.example',
      'javascript:',
      'alert',
      '<image',
      '<use',
    ])
      expect(svg, gone).not.toContain(gone);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('fill="url(#g)"');
    expect(svg).toContain('<circle');
    const row = await clientRow(deps.db, w.resold.id);
    expect(row.logo_mime).toBe('image/svg+xml');
  });

  it('answers 404 for the logo routes of a client out of reach and 403 to roles without client administration', async () => {
    const w = await resellerWorld(ctx());
    const admin = await w.as(w.resold, 'ADMIN');
    const png = multipartFile(TINY_PNG, 'a.png', 'image/png');
    expect((await admin.inject({ method: 'POST', url: `/api/client/${w.foreign.id}/logo`, ...png })).statusCode).toBe(
      404,
    );
    expect((await admin.del(`/api/client/${w.foreign.id}/logo`)).statusCode).toBe(404);
    expect((await admin.get(`/api/client/${w.foreign.id}/logo`)).statusCode).toBe(404);
    const participant = await w.as(w.resold, 'PARTICIPANT');
    const own = multipartFile(TINY_PNG, 'a.png', 'image/png');
    expect(
      (await participant.inject({ method: 'POST', url: `/api/client/${w.resold.id}/logo`, ...own })).statusCode,
    ).toBe(403);
  });
});
