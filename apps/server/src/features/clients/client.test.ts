import { expect, it } from 'vitest';
import { createClient, createUser, TEST_PASSWORD } from '../../../test/factories';
import { caller, describeEachDialect } from '../../../test/test-app';
import { writeToStorage } from '../../platform/storage';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4e60000000049454e44ae426082',
  'hex',
);

describeEachDialect('client of the host', (ctx) => {
  it('tells the colours and names the logo, and serves the logo to anyone', async () => {
    const { app, deps } = ctx();
    const key = 'logos/test-logo.png';
    const client = await createClient(deps.db, { logo_file: key, logo_mime: 'image/png' });
    await writeToStorage(deps.config, key, PNG);
    const current = await caller(app, client.host).get('/api/client/current');
    expect(current.json()).toMatchObject({
      logoUrl: expect.stringMatching(/^\/api\/client\/current\/logo\?v=[0-9a-f]{12}$/),
      colours: { primaryButton: expect.stringMatching(/^#/) },
    });
    const logo = await caller(app, client.host).get('/api/client/current/logo');
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.rawPayload.equals(PNG)).toBe(true);
  });

  it('answers 404 for a client without a logo and client_not_found for an unknown host', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    expect((await caller(app, client.host).get('/api/client/current')).json()).toMatchObject({
      logoUrl: null,
      authHeader: 'Authorization',
    });
    expect((await caller(app, client.host).get('/api/client/current/logo')).json()).toMatchObject({
      error: 'not_found',
    });
    expect((await caller(app, 'nowhere.example').get('/api/client/current/logo')).json()).toMatchObject({
      error: 'client_not_found',
    });
  });
});

describeEachDialect(
  'AUTH_HEADER=X-Authorization',
  (ctx) => {
    it('reads the token from X-Authorization and tells the web app so', async () => {
      const { app, deps } = ctx();
      const client = await createClient(deps.db);
      const user = await createUser(deps.db, client);
      expect((await caller(app, client.host).get('/api/client/current')).json()).toMatchObject({
        authHeader: 'X-Authorization',
      });
      const login = await caller(app, client.host).post('/api/user/login', {
        emailOrUsername: user.email,
        password: TEST_PASSWORD,
      });
      const { token } = login.json<{ token: string }>();
      const viaX = await caller(app, client.host).inject({
        method: 'GET',
        url: '/api/user/info',
        headers: { 'x-authorization': `Bearer ${token}` },
      });
      expect(viaX.statusCode).toBe(200);
      const viaAuthorization = await caller(app, client.host, token).get('/api/user/info');
      expect(viaAuthorization.statusCode).toBe(401);
    });
  },
  { authHeader: 'x-authorization' },
);
