import type { TLocale } from '@lms/contracts/constants';

/** The words of the branded layout's footer (mail-layout.ts), in the mail's language. Server-written, not a template. */
export interface MailLayoutLabels {
  imprint: string;
  privacy: string;
  /** Before the support address; the address follows as a link. */
  questions: string;
  /** Why the reader gets the mail: a line under the client's name. */
  sentBy: string;
}

const LABELS: Record<TLocale, MailLayoutLabels> = {
  'de-DE': {
    imprint: 'Impressum',
    privacy: 'Datenschutz',
    questions: 'Fragen? Schreiben Sie uns:',
    sentBy: 'Diese E-Mail wurde von der Schulungsplattform von {{clientName}} versandt.',
  },
  'en-US': {
    imprint: 'Imprint',
    privacy: 'Privacy policy',
    questions: 'Questions? Write to us:',
    sentBy: 'This e-mail was sent by the training platform of {{clientName}}.',
  },
  'fr-FR': {
    imprint: 'Mentions légales',
    privacy: 'Protection des données',
    questions: 'Des questions ? Écrivez-nous :',
    sentBy: 'Cet e-mail a été envoyé par la plateforme de formation de {{clientName}}.',
  },
};

export const mailLayoutLabels = (locale: TLocale): MailLayoutLabels => LABELS[locale];
