import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { writeOutboxFile } from './mail-transport-outbox';

export interface MailAddress {
  address: string;
  name?: string | null;
}

/** A part the HTML refers to as `cid:` (the client's logo in the mail layout): sent inline, never fetched. */
export interface MailAttachment {
  cid: string;
  filename: string;
  contentType: string;
  content: Buffer;
}

/** One rendered mail, ready to leave: multipart text and HTML, UTF-8, with the client's footer. */
export interface OutgoingMail {
  /** Stable across retries (`<id@domain>`), so a receiver can tell a repeated delivery from a new mail. */
  messageId: string;
  from: MailAddress;
  to: MailAddress;
  replyTo?: string | null;
  subject: string;
  text: string;
  html: string;
  footer?: string | null;
  /** Inline parts of the HTML (multipart/related inside multipart/alternative). */
  attachments?: readonly MailAttachment[];
}

/** ARCHITECTURE section 1: the client's SMTP, else the platform's SMTP_URL, else the local .eml outbox folder. */
export type MailTarget =
  { kind: 'smtp'; options: SMTPTransport.Options } | { kind: 'url'; url: string } | { kind: 'outbox'; dir: string };

export interface SentMail {
  messageId: string;
  response: string;
}

/** A delivery that did not happen; `permanent` for a 5xx answer, which is never retried (DECISIONS "retries"). */
export class MailSendError extends Error {
  override readonly name = 'MailSendError';
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly smtpCode: number | null,
    readonly response: string | null,
  ) {
    super(message);
  }
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<SentMail>;
  /** Connect, TLS and AUTH, nothing sent (the client SMTP connection test). */
  verify(): Promise<void>;
  close(): void;
}

const TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 };

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The footer goes under both parts; in HTML as escaped text, before `</body>` when the document has one. */
export function appendFooter(
  text: string,
  html: string,
  footer: string | null | undefined,
): { text: string; html: string } {
  const f = footer?.trim();
  if (!f) return { text, html };
  const block = `<hr><div class="footer">${escapeHtml(f).replace(/\r?\n/g, '<br>')}</div>`;
  return {
    text: `${text.trimEnd()}\n\n-- \n${f}\n`,
    html: /<\/body>/i.test(html) ? html.replace(/<\/body>/i, `${block}</body>`) : `${html}${block}`,
  };
}

export function composeMail(mail: OutgoingMail): SendMailOptions {
  const { text, html } = appendFooter(mail.text, mail.html, mail.footer);
  return {
    messageId: mail.messageId,
    from: { name: mail.from.name ?? '', address: mail.from.address },
    to: { name: mail.to.name ?? '', address: mail.to.address },
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    // A value with a line break must never start a new header.
    subject: mail.subject.replace(/[\r\n]+/g, ' '),
    text,
    html,
    textEncoding: 'quoted-printable',
    ...(mail.attachments?.length
      ? {
          attachments: mail.attachments.map((a) => ({
            cid: a.cid,
            filename: a.filename,
            contentType: a.contentType,
            content: a.content,
            contentDisposition: 'inline' as const,
          })),
        }
      : {}),
  };
}

/** Turns a nodemailer error into what the mail queue keeps: the SMTP code and answer, and whether to retry. */
export function describeSendError(err: unknown): MailSendError {
  if (err instanceof MailSendError) return err;
  const e = err as { message?: string; responseCode?: number; response?: string; code?: string };
  const code = typeof e.responseCode === 'number' ? e.responseCode : null;
  const response = typeof e.response === 'string' ? e.response : null;
  const message = response ?? ([e.code, e.message].filter(Boolean).join(': ') || 'unknown error');
  return new MailSendError(message.slice(0, 2_000), code !== null && code >= 500 && code < 600, code, response);
}

function smtpTransporter(target: MailTarget, pool: boolean): Transporter<SMTPTransport.SentMessageInfo> {
  if (target.kind === 'url') {
    const url = pool ? `${target.url}${target.url.includes('?') ? '&' : '?'}pool=true` : target.url;
    return nodemailer.createTransport(url);
  }
  if (target.kind === 'smtp') {
    return nodemailer.createTransport({
      ...TIMEOUTS,
      ...target.options,
      ...(pool ? { pool: true } : {}),
      logger: false,
    });
  }
  throw new Error('not an SMTP target');
}

export function openMailTransport(target: MailTarget, opts: { pool?: boolean } = {}): MailTransport {
  if (target.kind === 'outbox') {
    return {
      send: (mail) => writeOutboxFile(target.dir, composeMail(mail)),
      verify: () => Promise.resolve(),
      close: () => undefined,
    };
  }
  const transporter = smtpTransporter(target, opts.pool ?? false);
  return {
    async send(mail) {
      try {
        const info = await transporter.sendMail(composeMail(mail));
        return { messageId: info.messageId, response: info.response };
      } catch (err) {
        throw describeSendError(err);
      }
    },
    async verify() {
      try {
        await transporter.verify();
      } catch (err) {
        throw describeSendError(err);
      }
    },
    close: () => transporter.close(),
  };
}
