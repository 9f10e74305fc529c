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

it('reads TRUST_PROXY as off, a hop count, or the proxies addresses, and names a wrong value', () => {
  const trust = (TRUST_PROXY?: string) => loadConfig({ NODE_ENV: 'test', TRUST_PROXY }).trustProxy;
  expect(trust()).toBe(false);
  expect(trust('0')).toBe(false);
  expect(trust('1')).toBe(1);
  expect(trust('2')).toBe(2);
  expect(trust('10.0.0.5')).toEqual(['10.0.0.5']);
  expect(trust(' 10.0.0.5, 10.0.1.0/24 ,::1,loopback')).toEqual(['10.0.0.5', '10.0.1.0/24', '::1', 'loopback']);
  for (const wrong of ['true', 'yes', '-1', '33', '10.0.0.300', '10.0.0.0/33', 'proxy.example.com', '10.0.0.5,']) {
    expect(() => trust(wrong), wrong).toThrow(ConfigError);
    expect(() => trust(wrong), wrong).toThrow(/TRUST_PROXY/);
  }
});
