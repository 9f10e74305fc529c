import { expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

it('fails fast with a message that names each bad variable', () => {
  expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', APP_SECRET: 'short' })).toThrow(ConfigError);
  try {
    loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', APP_SECRET: 'short' });
  } catch (err) {
    const message = (err as Error).message;
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('APP_SECRET');
  }
});

it('requires APP_SECRET in production and defaults the rest', () => {
  expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_SECRET/);
  const c = loadConfig({ NODE_ENV: 'production', APP_SECRET: 'x'.repeat(32) });
  expect(c).toMatchObject({ port: 3000, contentPort: 3001, contentOrigin: 'http://127.0.0.1:3001', demo: false });
  expect(c.authHeader).toBe('authorization');
});
