import type { TLocale } from '@lms/contracts/constants';
import type { TMailTemplateKind, TMailValues } from '@lms/contracts/mail-templates';
import type { DbOrTrx } from '../../db/database';
import { notFound } from '../../platform/errors';
import { renderMailOfKind } from '../mail-templates/mail-template.service';
import { enqueueMail } from './mail-queue';
import { findClientMailInfo } from './mail.repository';

export interface TemplatedMail {
  kind: TMailTemplateKind;
  locale: TLocale;
  to: string | { address: string; name?: string | null };
  /** clientName and supportEmail default to the client's own. */
  values: TMailValues;
  /** A course's own template; left out: the client's standard template of the kind, else the built-in default. */
  templateId?: string | null;
  replyTo?: string | null;
}

/**
 * Renders the template of a kind in the reader's locale and puts the mail in the queue, inside the caller's
 * transaction (users, trainings, reminders and certificates call this). Answers the mail's id.
 */
export async function sendTemplatedMail(
  trx: DbOrTrx,
  clientId: string,
  mail: TemplatedMail,
  now = new Date(),
): Promise<string> {
  const client = (await findClientMailInfo(trx, clientId)) ?? notFound('client');
  const values: TMailValues = { clientName: client.name, supportEmail: client.support_email ?? '', ...mail.values };
  const rendered = await renderMailOfKind(trx, clientId, {
    kind: mail.kind,
    locale: mail.locale,
    values,
    templateId: mail.templateId,
  });
  return enqueueMail(
    trx,
    clientId,
    {
      to: mail.to,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      locale: mail.locale,
      templateKind: mail.kind,
      replyTo: mail.replyTo,
    },
    now,
  );
}
