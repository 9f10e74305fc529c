import { expect, it } from 'vitest';
import { createUser, signIn } from '../../../test/factories';
import { describeEachDialect } from '../../../test/test-app';
import { signLaunchToken, type LaunchClaims } from '../scorm-runtime/launch-token';
import { CONTENT_HOST, contentAppFor, onContentOrigin, setupPackage, tokenOf } from '../scorm-runtime/test-runtime';

// ARCHITECTURE section 6: the content origin is a different host name, answers only player, package files and
// runtime calls, and the launch token is its only credential.

describeEachDialect('content origin', (ctx) => {
  const contentApp = contentAppFor(ctx);

  const launched = async () => {
    const setup = await setupPackage(ctx, 'RuntimeBasicCalls_SCORM12');
    const launch = await setup.preview();
    return { ...setup, player: onContentOrigin(await contentApp(), launch.json<{ launchUrl: string }>().launchUrl) };
  };

  it('lives on another host name than the client, so no app cookie can reach it', async () => {
    const { client, player } = await launched();
    const url = new URL(player.launchUrl);
    expect(url.hostname).not.toBe(client.host);
    expect(url.hostname).not.toBe('localhost');
    expect(`${url.protocol}//${url.host}`).toBe(ctx().deps.config.contentOrigin);
  });

  it('refuses /api/* on the content port, even with a valid session token and cookie', async () => {
    const { content } = await launched();
    const app = await contentApp();
    for (const url of ['/api/user/info', '/api/courses', '/api/health', '/api/docs', '/api/client/current']) {
      const res = await app.inject({
        method: 'GET',
        url,
        headers: { host: CONTENT_HOST, authorization: `Bearer ${content.token}`, cookie: `auth=${content.token}` },
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(content.token);
    }
    const post = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { host: CONTENT_HOST },
      payload: {},
    });
    expect(post.statusCode).toBe(404);
  });

  it('answers only its own host name: a request for the app host on the content port is refused', async () => {
    const { client, player } = await launched();
    const app = await contentApp();
    for (const host of ['localhost:3001', `${client.host}:3001`, client.host]) {
      const res = await app.inject({ method: 'GET', url: `/player/${player.token}/`, headers: { host } });
      expect(res.statusCode).toBe(421);
    }
  });

  it('serves the player page with its own CSP: own scripts only, no inline code, framed only by the client app', async () => {
    const { client, player } = await launched();
    const res = await player.get(`/player/${player.token}/`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain(`frame-ancestors http://${client.host}:* https://${client.host}:*`);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['set-cookie']).toBeUndefined();
    // Every script has a src: nothing inline.
    expect(res.body).toMatch(/<script src="\/player\/assets\/scorm12\.min\.js"/);
    expect(res.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    for (const asset of ['player.js', 'player.css', 'scorm12.min.js', 'scorm2004.min.js']) {
      expect((await player.get(`/player/assets/${asset}`)).statusCode).toBe(200);
    }
    expect((await player.get('/player/assets/package.json')).statusCode).toBe(404);
  });

  it('serves package files under the token, framed only by the player inside the client app', async () => {
    const { client, player } = await launched();
    const page = await player.get(`/content/${player.token}/shared/launchpage.html`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toBe(
      `frame-ancestors 'self' http://${client.host}:* https://${client.host}:*`,
    );
    expect(page.body).toContain('Course Launch Page');
    expect((await player.get(`/content/${player.token}/shared/nothing.html`)).statusCode).toBe(404);
    for (const escape of ['/../../../../etc/passwd', '/%2e%2e/%2e%2e/imsmanifest.xml', '/..%2f..%2fapp-secret']) {
      const res = await player.get(`/content/${player.token}${escape}`);
      expect([400, 403, 404]).toContain(res.statusCode);
      expect(res.body).not.toContain('root:');
    }
  });

  it('the app origin never serves package files or the player', async () => {
    const { client, player } = await launched();
    const { app } = ctx();
    const res = await app.inject({
      method: 'GET',
      url: `/content/${player.token}/shared/launchpage.html`,
      headers: { host: client.host },
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Course Launch Page');
    expect(
      (await app.inject({ method: 'GET', url: `/runtime/${player.token}/state`, headers: { host: client.host } }))
        .statusCode,
    ).toBe(404);
  });

  it('the token is the only credential: tampered 404, expired 401 launch_expired', async () => {
    const { app, deps } = ctx();
    const { client, player, content } = await launched();
    const [body, mac] = player.token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as LaunchClaims;
    const other = await createUser(deps.db, client, { role: 'CONTENT_MASTER' });
    const forged = Buffer.from(JSON.stringify({ ...claims, u: other.id })).toString('base64url');
    const tampered = onContentOrigin(await contentApp(), `http://${CONTENT_HOST}/player/${forged}.${mac}/`);
    expect((await tampered.get(`/runtime/${tampered.token}/state`)).statusCode).toBe(404);
    expect((await tampered.get(`/content/${tampered.token}/shared/launchpage.html`)).statusCode).toBe(404);
    const expiredToken = signLaunchToken(deps.config.appSecret, { ...claims, e: Math.floor(Date.now() / 1000) - 1 });
    const expired = onContentOrigin(await contentApp(), `http://${CONTENT_HOST}/player/${expiredToken}/`);
    const state = await expired.get(`/runtime/${expiredToken}/state`);
    expect(state.statusCode).toBe(401);
    expect(state.json()).toMatchObject({ error: 'launch_expired' });
    expect((await expired.get(`/player/${expiredToken}/`)).statusCode).toBe(200);
    // A launch token is no app session either.
    const asSession = await app.inject({
      method: 'GET',
      url: '/api/user/info',
      headers: { host: client.host, authorization: `Bearer ${player.token}` },
    });
    expect(asSession.statusCode).toBe(401);
    expect(tokenOf(player.launchUrl)).not.toBe(content.token);
    await signIn(app, other);
  });
});
