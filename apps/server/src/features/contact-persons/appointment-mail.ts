import type { TLocale } from '@lms/contracts/constants';
import type { TAppointmentType, TTimeOfDay } from '@lms/contracts/user-contact-options';

/**
 * The request as text for the `details` placeholder of the appointment_request mail, in the reader's language
 * (the template around it comes from the mail templates in that language too).
 */
const LABELS: Record<
  TLocale,
  {
    fields: Record<'type' | 'firstDate' | 'secondDate' | 'timeOfDay' | 'email' | 'phone' | 'message', string>;
    types: Record<TAppointmentType, string>;
    times: Record<TTimeOfDay, string>;
  }
> = {
  'de-DE': {
    fields: {
      type: 'Art',
      firstDate: 'Erster Wunschtermin',
      secondDate: 'Zweiter Wunschtermin',
      timeOfDay: 'Bevorzugte Tageszeit',
      email: 'E-Mail',
      phone: 'Telefon',
      message: 'Nachricht',
    },
    types: { ONLINE_MEETING: 'Online-Meeting', PHONE_CALL: 'Telefonat', FACE_TO_FACE: 'Persönliches Treffen' },
    times: { ALL_DAY: 'Ganztägig', BEFORE_NOON: 'Vormittags', AFTERNOON: 'Nachmittags' },
  },
  'en-US': {
    fields: {
      type: 'Type',
      firstDate: 'First desired date',
      secondDate: 'Second desired date',
      timeOfDay: 'Preferred time of day',
      email: 'E-mail',
      phone: 'Phone',
      message: 'Message',
    },
    types: { ONLINE_MEETING: 'Online meeting', PHONE_CALL: 'Phone call', FACE_TO_FACE: 'Face to face' },
    times: { ALL_DAY: 'All day', BEFORE_NOON: 'Before noon', AFTERNOON: 'Afternoon' },
  },
  'fr-FR': {
    fields: {
      type: 'Type',
      firstDate: 'Première date souhaitée',
      secondDate: 'Deuxième date souhaitée',
      timeOfDay: 'Moment préféré de la journée',
      email: 'E-mail',
      phone: 'Téléphone',
      message: 'Message',
    },
    types: {
      ONLINE_MEETING: 'Réunion en ligne',
      PHONE_CALL: 'Appel téléphonique',
      FACE_TO_FACE: 'Rencontre en personne',
    },
    times: { ALL_DAY: 'Toute la journée', BEFORE_NOON: 'Le matin', AFTERNOON: 'L’après-midi' },
  },
};

export interface AppointmentDetails {
  type: TAppointmentType;
  firstDate: string;
  secondDate: string;
  timeOfDay: TTimeOfDay;
  email: string | null;
  phone: string | null;
  message: string | null;
}

/** Dates as the reader writes them (31.12.2026, 12/31/2026, 31/12/2026), from the stored YYYY-MM-DD. */
const formatDate = (iso: string, locale: TLocale) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

export function appointmentDetails(d: AppointmentDetails, locale: TLocale): string {
  const l = LABELS[locale];
  const rows: [string, string | null][] = [
    [l.fields.type, l.types[d.type]],
    [l.fields.firstDate, formatDate(d.firstDate, locale)],
    [l.fields.secondDate, formatDate(d.secondDate, locale)],
    [l.fields.timeOfDay, l.times[d.timeOfDay]],
    [l.fields.email, d.email],
    [l.fields.phone, d.phone],
    [l.fields.message, d.message],
  ];
  return rows
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
}
