import type { TLocale } from '@lms/contracts/constants';

/**
 * The labels of the details block in the support mails (forgot username, data-change request), in the mail's
 * language (issue 12: a German mail had "User:" and "Message:").
 */
const LABELS = {
  'de-DE': {
    name: 'Name',
    email: 'E-Mail',
    subject: 'Betreff',
    message: 'Nachricht',
    user: 'Benutzer',
    personnelNumber: 'Personalnummer',
    newFirstName: 'Neuer Vorname',
    newLastName: 'Neuer Nachname',
    newEmail: 'Neue E-Mail',
    newPersonnelNumber: 'Neue Personalnummer',
    newStreet: 'Neue Straße',
    newCity: 'Neuer Ort',
  },
  'en-US': {
    name: 'Name',
    email: 'E-mail',
    subject: 'Subject',
    message: 'Message',
    user: 'User',
    personnelNumber: 'Personnel number',
    newFirstName: 'New first name',
    newLastName: 'New last name',
    newEmail: 'New e-mail',
    newPersonnelNumber: 'New personnel number',
    newStreet: 'New street',
    newCity: 'New city',
  },
  'fr-FR': {
    name: 'Nom',
    email: 'E-mail',
    subject: 'Objet',
    message: 'Message',
    user: 'Utilisateur',
    personnelNumber: 'Matricule',
    newFirstName: 'Nouveau prénom',
    newLastName: 'Nouveau nom',
    newEmail: 'Nouvelle adresse e-mail',
    newPersonnelNumber: 'Nouveau matricule',
    newStreet: 'Nouvelle rue',
    newCity: 'Nouvelle ville',
  },
} as const satisfies Record<TLocale, Record<string, string>>;

export type SupportLabel = keyof (typeof LABELS)['en-US'];

export const supportLabels = (locale: TLocale): Record<SupportLabel, string> => LABELS[locale] ?? LABELS['en-US'];
