import { SMTP_TEST_REASONS } from '@lms/contracts/client-smtp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { reasonCodeOf, smtpTestReason } from './smtp-test-reason';

const nodemailerError = (message: string, fields: Record<string, unknown>) => Object.assign(new Error(message), fields);

describe('the SMTP test failure as a code the web app translates', () => {
  it.each([
    [new AppError(400, 'smtp_host_not_allowed', { reason: 'address' }), 'host_not_allowed'],
    [new Error('The SMTP host name mail.invalid does not resolve.'), 'host_not_found'],
    [
      nodemailerError('Invalid login: 535 5.7.8 Authentication failed', { code: 'EAUTH', responseCode: 535 }),
      'auth_failed',
    ],
    [nodemailerError('connect ECONNREFUSED 127.0.0.1:2525', { code: 'ESOCKET' }), 'connection_failed'],
    [nodemailerError('Connection timeout', { code: 'ETIMEDOUT' }), 'timeout'],
    [nodemailerError('self-signed certificate in certificate chain', { code: 'ESOCKET' }), 'tls_failed'],
    [nodemailerError('Greeting never received: 554 go away', { code: 'EPROTOCOL', responseCode: 554 }), 'rejected'],
    [new Error('something else'), 'unknown'],
  ] as const)('%s -> %s', (err, code) => {
    expect(smtpTestReason(err).code).toBe(code);
  });

  it('reads the code back from the stored reason; an older free text is unknown', () => {
    expect(reasonCodeOf('auth_failed: Invalid login', SMTP_TEST_REASONS)).toBe('auth_failed');
    expect(reasonCodeOf('earlier failure', SMTP_TEST_REASONS)).toBe('unknown');
    expect(reasonCodeOf(null, SMTP_TEST_REASONS)).toBeNull();
  });
});
