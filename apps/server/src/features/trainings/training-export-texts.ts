import type { TLocale } from '@lms/contracts/constants';
import type { TSuccessStatus } from '@lms/contracts/scorm-runtime';
import type { TTrainingStatus } from '@lms/contracts/trainings';

// The words of the status table's export and of the learning record (issue 31), in the three locales (spec: every
// user-visible text in de-DE, en-US and fr-FR; the glossary's words: Schulung, Durchgang, Zertifikat, Punktzahl).

export interface TrainingExportTexts {
  status: Record<TTrainingStatus, string>;
  result: Record<TSuccessStatus, string>;
  columns: {
    name: string;
    email: string;
    status: string;
    assigned: string;
    optional: string;
    startedAt: string;
    completedAt: string;
    completedModules: string;
    requiredModules: string;
    score: string;
    result: string;
    cycle: string;
    validUntil: string;
    lastReminderAt: string;
  };
  /** The file's sheet name. */
  sheet: string;
}

export const TRAINING_EXPORT_TEXTS: Record<TLocale, TrainingExportTexts> = {
  'de-DE': {
    status: {
      PENDING: 'Nicht begonnen',
      STARTED: 'Begonnen',
      COMPLETED: 'Abgeschlossen',
      OPTIONAL: 'Optional',
      EXPIRED: 'Abgelaufen',
    },
    result: { unknown: '', passed: 'Bestanden', failed: 'Nicht bestanden' },
    columns: {
      name: 'Name',
      email: 'E-Mail',
      status: 'Status',
      assigned: 'Zugewiesen',
      optional: 'Optional',
      startedAt: 'Begonnen am (UTC)',
      completedAt: 'Abgeschlossen am (UTC)',
      completedModules: 'Abgeschlossene Pflichtmodule',
      requiredModules: 'Pflichtmodule',
      score: 'Punktzahl',
      result: 'Ergebnis',
      cycle: 'Durchgang',
      validUntil: 'Gültig bis',
      lastReminderAt: 'Letzte Erinnerung (UTC)',
    },
    sheet: 'Teilnehmende',
  },
  'en-US': {
    status: {
      PENDING: 'Not started',
      STARTED: 'In progress',
      COMPLETED: 'Completed',
      OPTIONAL: 'Optional',
      EXPIRED: 'Expired',
    },
    result: { unknown: '', passed: 'Passed', failed: 'Failed' },
    columns: {
      name: 'Name',
      email: 'E-mail',
      status: 'Status',
      assigned: 'Assigned',
      optional: 'Optional',
      startedAt: 'Started (UTC)',
      completedAt: 'Completed (UTC)',
      completedModules: 'Required modules completed',
      requiredModules: 'Required modules',
      score: 'Score',
      result: 'Result',
      cycle: 'Cycle',
      validUntil: 'Valid until',
      lastReminderAt: 'Last reminder (UTC)',
    },
    sheet: 'Participants',
  },
  'fr-FR': {
    status: {
      PENDING: 'Non commencée',
      STARTED: 'En cours',
      COMPLETED: 'Terminée',
      OPTIONAL: 'Facultative',
      EXPIRED: 'Expirée',
    },
    result: { unknown: '', passed: 'Réussi', failed: 'Échoué' },
    columns: {
      name: 'Nom',
      email: 'E-mail',
      status: 'Statut',
      assigned: 'Attribuée',
      optional: 'Facultative',
      startedAt: 'Commencée le (UTC)',
      completedAt: 'Terminée le (UTC)',
      completedModules: 'Modules obligatoires terminés',
      requiredModules: 'Modules obligatoires',
      score: 'Note',
      result: 'Résultat',
      cycle: 'Session',
      validUntil: 'Valide jusqu’au',
      lastReminderAt: 'Dernier rappel (UTC)',
    },
    sheet: 'Participants',
  },
};

export const trainingExportTexts = (locale: string): TrainingExportTexts =>
  Object.hasOwn(TRAINING_EXPORT_TEXTS, locale)
    ? TRAINING_EXPORT_TEXTS[locale as TLocale]
    : TRAINING_EXPORT_TEXTS['de-DE'];
