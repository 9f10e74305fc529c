import { describe, expect, it } from 'vitest';
import { formatIsoDuration, formatScorm12Timespan, parseIsoDuration, parseScorm12Timespan } from './cmi-time';
import { signLaunchToken, verifyLaunchToken, type LaunchClaims } from './launch-token';
import { laterStatus, rollUpModule } from './status-rollup';

describe('SCORM time values', () => {
  it('reads 1.2 CMITimespan and 2004 ISO 8601 durations in centiseconds, and writes them back', () => {
    expect(parseScorm12Timespan('0001:02:03.45')).toBe(372_345);
    expect(parseScorm12Timespan('00:00:05')).toBe(500);
    expect(parseScorm12Timespan('00:00:05.5')).toBe(550);
    expect(parseScorm12Timespan('1:00:00')).toBeUndefined();
    expect(parseScorm12Timespan('00:61:00')).toBeUndefined();
    expect(parseIsoDuration('PT1H2M3.45S')).toBe(372_345);
    expect(parseIsoDuration('P1DT1S')).toBe(8_640_100);
    expect(parseIsoDuration('PT0S')).toBe(0);
    for (const bad of ['P', 'PT', '1H', 'PT1.2.3S', 'PTS']) expect(parseIsoDuration(bad)).toBeUndefined();
    expect(formatScorm12Timespan(372_345)).toBe('0001:02:03.45');
    expect(formatIsoDuration(372_345)).toBe('PT1H2M3.45S');
    expect(parseIsoDuration(formatIsoDuration(9_999_999))).toBe(9_999_999);
  });
});

describe('launch tokens', () => {
  const claims: LaunchClaims = {
    c: 'client',
    u: 'user',
    co: 'course',
    m: 'module',
    p: 'package',
    a: 'attempt',
    k: 'preview',
    t: null,
    d: 'localhost',
    e: Math.floor(Date.now() / 1000) + 60,
  };

  it('verifies what it signed and refuses another secret, a changed claim or an expired token', () => {
    const token = signLaunchToken('secret-a', claims);
    expect(verifyLaunchToken('secret-a', token)).toEqual({ ok: true, claims });
    expect(verifyLaunchToken('secret-b', token)).toEqual({ ok: false, reason: 'invalid' });
    const [, mac] = token.split('.');
    const changed = Buffer.from(JSON.stringify({ ...claims, u: 'other' })).toString('base64url');
    expect(verifyLaunchToken('secret-a', `${changed}.${mac}`)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyLaunchToken('secret-a', 'garbage')).toEqual({ ok: false, reason: 'invalid' });
    const expired = verifyLaunchToken('secret-a', token, (claims.e + 1) * 1000);
    expect(expired).toMatchObject({ ok: false, reason: 'expired' });
  });
});

describe('module status roll-up', () => {
  const sco = (id: string) => ({ itemIdentifier: id, title: id, href: `${id}.html`, scormType: 'sco' as const });
  it('completes the module only when every item is completed; failed wins over passed', () => {
    const launchables = [sco('a'), sco('b')];
    expect(rollUpModule(launchables, [])).toEqual({ status: 'PENDING', success: 'unknown' });
    expect(rollUpModule(launchables, [{ itemId: 'a', status: 'COMPLETED', success: 'passed' }])).toEqual({
      status: 'STARTED',
      success: 'unknown',
    });
    expect(
      rollUpModule(launchables, [
        { itemId: 'a', status: 'COMPLETED', success: 'passed' },
        { itemId: 'b', status: 'COMPLETED', success: 'passed' },
        { itemId: 'gone', status: 'STARTED', success: 'failed' },
      ]),
    ).toEqual({ status: 'COMPLETED', success: 'passed' });
    expect(
      rollUpModule(launchables, [
        { itemId: 'a', status: 'COMPLETED', success: 'failed' },
        { itemId: 'b', status: 'COMPLETED', success: 'passed' },
      ]).success,
    ).toBe('failed');
    expect(laterStatus('COMPLETED', 'STARTED')).toBe('COMPLETED');
    expect(laterStatus('PENDING', 'STARTED')).toBe('STARTED');
  });
});
