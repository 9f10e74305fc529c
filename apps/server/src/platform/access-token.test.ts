import { UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { isAccessTokenCurrent } from './access-token';

const token = (exp?: number) => {
  const jwt = new UnsecuredJWT({ scp: 'access' }).setIssuedAt();
  return (exp === undefined ? jwt : jwt.setExpirationTime(exp)).encode();
};

describe('the Access-Token of SCIM users (DECISIONS "status 399")', () => {
  const now = Math.floor(Date.now() / 1000);
  it('counts a token whose expiry lies ahead', () => {
    expect(isAccessTokenCurrent(token(now + 600))).toBe(true);
  });
  it('refuses an expired one, one without expiry, a missing one and one that is no JWT', () => {
    expect(isAccessTokenCurrent(token(now - 1))).toBe(false);
    expect(isAccessTokenCurrent(token())).toBe(false);
    expect(isAccessTokenCurrent(undefined)).toBe(false);
    expect(isAccessTokenCurrent('')).toBe(false);
    expect(isAccessTokenCurrent('opaque-token')).toBe(false);
  });
});
