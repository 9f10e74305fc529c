import type { TSmtpTestReason } from '@lms/contracts/client-smtp';
import { AppError } from '../../platform/errors';

/**
 * Why a connection test failed, as a code the web app translates (issue 12: the reason used to be nodemailer's
 * English text in the German and French UI). The technical text stays beside it for whoever fixes the server.
 */
export function smtpTestReason(err: unknown): { code: TSmtpTestReason; detail: string } {
  if (err instanceof AppError) {
    const code = err.code === 'smtp_host_not_allowed' ? 'host_not_allowed' : 'unknown';
    return { code, detail: `${err.code}: ${err.message}` };
  }
  const detail = err instanceof Error ? err.message : String(err);
  const errno = (err as { code?: unknown } | null)?.code;
  // nodemailer's errors carry `responseCode`; platform/mailer's MailSendError the same as `smtpCode`.
  const fields = err as { responseCode?: unknown; smtpCode?: unknown } | null;
  const responseCode = fields?.responseCode ?? fields?.smtpCode ?? Number(/^([45]\d\d)\b/.exec(detail)?.[1] ?? NaN);
  const text = `${typeof errno === 'string' ? errno : ''} ${detail}`;
  let code: TSmtpTestReason = 'unknown';
  if (/does not resolve|ENOTFOUND|EAI_AGAIN|EDNS/i.test(text)) code = 'host_not_found';
  else if (
    errno === 'EAUTH' ||
    responseCode === 535 ||
    responseCode === 534 ||
    /authentication failed|invalid login/i.test(detail)
  )
    code = 'auth_failed';
  else if (/certificate|self[- ]signed|TLS|SSL|wrong version number/i.test(text)) code = 'tls_failed';
  else if (/ETIMEDOUT|timeout|timed out/i.test(text)) code = 'timeout';
  else if (/ECONNREFUSED|ECONNRESET|ECONNECTION|EHOSTUNREACH|ENETUNREACH|ESOCKET/i.test(text))
    code = 'connection_failed';
  else if (typeof responseCode === 'number' && responseCode >= 400) code = 'rejected';
  return { code, detail };
}

/** The stored reason is "<code>: <detail>"; a reason stored before the codes existed reads as 'unknown'. */
export function reasonCodeOf(stored: string | null, known: readonly string[]): TSmtpTestReason | null {
  if (stored === null) return null;
  const code = stored.split(':', 1)[0] ?? '';
  return (known.includes(code) ? code : 'unknown') as TSmtpTestReason;
}
