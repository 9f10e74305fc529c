import type { TLocale } from '@lms/contracts/constants';
import {
  SECRET_LINK_KINDS,
  type TMailPlaceholder,
  type TMailTemplateKind,
  type TMailValues,
} from '@lms/contracts/mail-templates';
import type { DbOrTrx } from '../../db/database';
import { notFound } from '../../platform/errors';
import { isSecretText, type SecretText } from '../../platform/secret-text';
import { mailSourceOfKind, renderTemplate } from '../templates';
import { enqueueMails, type MailToEnqueue } from './mail-queue';
import { findClientMailInfo } from './mail.repository';

/** A value that carries a secret (a link with a one-time token) is a SecretText: see sendTemplatedMail. */
export type MailValues = { [K in TMailPlaceholder]?: string | SecretText };

export interface TemplatedMail {
  kind: TMailTemplateKind;
  locale: TLocale;
  to: string | { address: string; name?: string | null };
  /** clientName and supportEmail default to the client's own. */
  values: MailValues;
  /** Seals the values that are a SecretText; needed when there are any. */
  appSecret?: string;
  /** A course's own template; left out: the client's standard template of the kind, else the built-in default. */
  templateId?: string | null;
  replyTo?: string | null;
}

/**
 * What a transaction has read for its mails: the client's name and support address and the template texts by kind,
 * locale and template. Within one transaction they cannot change under it (the caller's own writes aside, and no
 * caller edits a template while queueing), so an import of 10,000 users reads them once, not per mail (issue 15).
 */
type MailReads = Map<string, Promise<unknown>>;
const readsOfTransaction = new WeakMap<object, MailReads>();

function once<T>(db: DbOrTrx, key: string, read: () => Promise<T>): Promise<T> {
  if (!db.isTransaction) return read();
  let reads = readsOfTransaction.get(db);
  if (!reads) readsOfTransaction.set(db, (reads = new Map<string, Promise<unknown>>()));
  let pending = reads.get(key) as Promise<T> | undefined;
  if (!pending) reads.set(key, (pending = read()));
  return pending;
}

/**
 * Renders the template of a kind in the reader's locale and puts the mail in the queue, inside the caller's
 * transaction (users, trainings, reminders and certificates call this). Answers the mail's id.
 *
 * A SecretText value is rendered in its redacted form (`https://host/reset-password?token=…`), so the queue's
 * subject and texts never hold the secret; the secret itself is sealed with APP_SECRET and put back only when the
 * worker delivers the mail (mail-queue.ts).
 */
export async function sendTemplatedMail(
  trx: DbOrTrx,
  clientId: string,
  mail: TemplatedMail,
  now = new Date(),
): Promise<string> {
  const [id] = await sendTemplatedMails(trx, clientId, [mail], now);
  return id as string;
}

/**
 * Many templated mails of one client, each rendered as sendTemplatedMail does, queued together (enqueueMails: one
 * statement per chunk instead of two per mail, issue 15). Answers the mails' ids in input order.
 */
export async function sendTemplatedMails(
  trx: DbOrTrx,
  clientId: string,
  mails: readonly TemplatedMail[],
  now = new Date(),
): Promise<string[]> {
  const queued: MailToEnqueue[] = [];
  for (const mail of mails) queued.push(await renderedMail(trx, clientId, mail));
  return enqueueMails(trx, clientId, queued, now);
}

/** The kinds whose link must be a SecretText, a plain string is refused (the list lives in the contracts). */
export { SECRET_LINK_KINDS };

async function renderedMail(trx: DbOrTrx, clientId: string, mail: TemplatedMail): Promise<MailToEnqueue> {
  if (SECRET_LINK_KINDS.has(mail.kind) && !isSecretText(mail.values.link)) {
    throw new Error(`the link of a ${mail.kind} mail carries a one-time token and must be a SecretText`);
  }
  const client = (await once(trx, `client|${clientId}`, () => findClientMailInfo(trx, clientId))) ?? notFound('client');
  const secrets: SecretText[] = [];
  const shown: TMailValues = {};
  for (const [key, value] of Object.entries(mail.values) as [TMailPlaceholder, string | SecretText | undefined][]) {
    if (value === undefined) continue;
    if (isSecretText(value)) secrets.push(value);
    shown[key] = isSecretText(value) ? value.redacted : value;
  }
  const values: TMailValues = { clientName: client.name, supportEmail: client.support_email ?? '', ...shown };
  const template = { kind: mail.kind, locale: mail.locale, templateId: mail.templateId };
  const { source, locale } = await once(
    trx,
    `template|${clientId}|${mail.kind}|${mail.locale}|${mail.templateId ?? ''}`,
    () => mailSourceOfKind(trx, clientId, template),
  );
  const rendered = renderTemplate(source, values, locale);
  return {
    to: mail.to,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    locale: mail.locale,
    templateKind: mail.kind,
    replyTo: mail.replyTo,
    secrets,
    appSecret: mail.appSecret,
  };
}
