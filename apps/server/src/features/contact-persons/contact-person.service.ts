import { DEFAULT_LOCALE, LOCALES, type TLocale } from '@lms/contracts/constants';
import type {
  TAppointmentRequest,
  TUserContactOption,
  TUserContactOptions,
  ZAppointmentRequestBody,
} from '@lms/contracts/user-contact-options';
import type { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { badRequest, notFound, unauthorized } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import type { Actor } from '../../platform/session';
import { contactOfOwnClient, contactsOfOwnClient } from '../client-contacts';
import { sendTemplatedMail } from '../mail';
import { fullName, findUserById, findUserByLogin } from '../users';
import { appointmentDetails } from './appointment-mail';
import { insertAppointmentRequest } from './appointment.repository';

type AppointmentBody = z.output<typeof ZAppointmentRequestBody>;

const isReachable = (c: { email: string | null; phone: string | null }) => !!c.email || !!c.phone;

/**
 * Spec section 3 "user contact options": the client's contacts (sorted by responsibility, then name, by the
 * contacts feature), without those that have neither e-mail nor phone: nobody could reach them.
 */
export async function listUserContactOptions(deps: AppDeps, actor: Actor): Promise<TUserContactOptions> {
  const contacts = await contactsOfOwnClient(deps.db, actor.clientId);
  return {
    items: contacts.filter(isReachable).map((c): TUserContactOption => ({
      id: c.id,
      responsibility: c.responsibility,
      firstName: c.firstName,
      lastName: c.lastName,
      email: c.email,
      phone: c.phone,
    })),
  };
}

/**
 * The earliest day a desired date may be: "today" where the day starts last (UTC-12), so a reader whose today
 * is still yesterday in UTC is not refused.
 */
const todayUtc = () => new Date(Date.now() - 12 * 3_600_000).toISOString().slice(0, 10);

/**
 * The contact person has no locale of their own; when they also have an account in the client (same address),
 * theirs is "the recipient's language", else the platform default (spec section 9: de-DE).
 */
async function recipientLocale(deps: AppDeps, clientId: string, email: string): Promise<TLocale> {
  const user = await findUserByLogin(deps.db, clientId, email);
  return user && (LOCALES as readonly string[]).includes(user.locale) ? (user.locale as TLocale) : DEFAULT_LOCALE;
}

/**
 * Spec section 2 "appointment dialog", DECISIONS "appointments": checked, stored and mailed to the contact person
 * in one transaction (the mail is queued, the worker delivers it). Rules with their own codes, so the dialog says
 * what is wrong: the second date not before the first, no date in the past, and a way to answer (e-mail or phone).
 */
export async function requestAppointment(
  deps: AppDeps,
  actor: Actor,
  body: AppointmentBody,
): Promise<TAppointmentRequest> {
  if (body.firstDate < todayUtc() || body.secondDate < todayUtc())
    badRequest('appointment_date_past', { field: body.firstDate < todayUtc() ? 'firstDate' : 'secondDate' });
  if (body.secondDate < body.firstDate) badRequest('appointment_second_date_before_first', { field: 'secondDate' });
  if (!body.email && !body.phone) badRequest('appointment_reach_missing', { fields: ['email', 'phone'] });
  const contact = (await contactOfOwnClient(deps.db, actor.clientId, body.contactId)) ?? notFound('contact');
  const to = contact.email ?? badRequest('contact_person_no_email');
  const user = (await findUserById(deps.db, actor.clientId, actor.userId)) ?? unauthorized('session_expired');
  const locale = await recipientLocale(deps, actor.clientId, to);
  const contactName = `${contact.firstName} ${contact.lastName}`.trim();
  const id = newId();
  const createdAt = nowIso();
  await deps.db.transaction().execute(async (trx) => {
    const mailId = await sendTemplatedMail(trx, actor.clientId, {
      kind: 'appointment_request',
      locale,
      to: { address: to, name: contactName },
      // The contact person answers the asker directly, at the account's own address: an address typed into the
      // form is not proven to be the asker's (issue 28 point 7), so it stands in the details, never in Reply-To.
      replyTo: user.email,
      values: {
        firstName: contact.firstName,
        lastName: contact.lastName,
        name: fullName(user),
        details: appointmentDetails(body, locale),
      },
    });
    await insertAppointmentRequest(trx, {
      id,
      client_id: actor.clientId,
      user_id: actor.userId,
      contact_id: contact.id,
      contact_name: contactName,
      contact_email: to,
      type: body.type,
      first_date: body.firstDate,
      second_date: body.secondDate,
      time_of_day: body.timeOfDay,
      email: body.email,
      phone: body.phone,
      message: body.message,
      mail_id: mailId,
      created_at: createdAt,
    });
  });
  return {
    id,
    contactId: contact.id,
    type: body.type,
    firstDate: body.firstDate,
    secondDate: body.secondDate,
    timeOfDay: body.timeOfDay,
    email: body.email,
    phone: body.phone,
    createdAt,
  };
}
