import type { TLocale } from '@lms/contracts/constants';
import type { TMailValues } from '@lms/contracts/mail-templates';

const SAMPLES: Record<TLocale, Omit<TMailValues, 'clientName' | 'supportEmail' | 'link'>> = {
  'de-DE': {
    firstName: 'Erika',
    lastName: 'Müller',
    name: 'Erika Müller',
    courseTitle: 'Datenschutz-Grundlagen',
    details: 'Gewünschter Termin: Dienstag vormittags\nTelefon: +49 30 1234567',
  },
  'en-US': {
    firstName: 'Jane',
    lastName: 'Doe',
    name: 'Jane Doe',
    courseTitle: 'Data protection basics',
    details: 'Preferred date: Tuesday morning\nPhone: +1 555 0100',
  },
  'fr-FR': {
    firstName: 'Chloé',
    lastName: 'Dupont',
    name: 'Chloé Dupont',
    courseTitle: 'Les bases de la protection des données',
    details: 'Date souhaitée : mardi matin\nTéléphone : +33 1 23 45 67 89',
  },
};

/** Sample values for the preview; client name, support e-mail and link are the client's own. */
export function sampleValues(
  locale: TLocale,
  client: { name: string; supportEmail: string | null; platformDomain: string },
): TMailValues {
  const deadline = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  return {
    ...SAMPLES[locale],
    deadline,
    clientName: client.name,
    supportEmail: client.supportEmail ?? '',
    link: `https://${client.platformDomain}/`,
  };
}
