import type { TLocale } from '@lms/contracts/constants';

// The learning record's wording (issue 31 point 2) in the three locales: the PDF for an auditor and the table's
// columns. Status and result words are the status table export's (trainings/training-export-texts.ts).

export interface RecordTexts {
  title: string;
  person: string;
  email: string;
  username: string;
  personnelNumber: string;
  client: string;
  generatedAt: string;
  noTrainings: string;
  deadline: string;
  formerParticipation: string;
  cycle: string;
  current: string;
  started: string;
  completed: string;
  /** The PDF table's narrow headers. */
  startedShort: string;
  completedShort: string;
  validUntilShort: string;
  score: string;
  result: string;
  validUntil: string;
  forever: string;
  certificate: string;
  certificateIssued: (date: string) => string;
  noCertificate: string;
  certificateState: { valid: string; expired: string };
  modules: string;
  module: string;
  status: string;
  optionalModule: string;
  page: (n: number, of: number) => string;
  course: string;
  closedAt: string;
  /** The sheet's name and the start of the file's name. */
  sheet: string;
  fileName: string;
  moduleStatus: Record<'PENDING' | 'STARTED' | 'COMPLETED' | 'LOCKED', string>;
}

export const RECORD_TEXTS: Record<TLocale, RecordTexts> = {
  'de-DE': {
    title: 'Lernnachweis',
    person: 'Person',
    email: 'E-Mail',
    username: 'Benutzername',
    personnelNumber: 'Personalnummer',
    client: 'Mandant',
    generatedAt: 'Erstellt am',
    noTrainings: 'Keine Schulungen.',
    deadline: 'Frist',
    formerParticipation: 'nicht mehr zugeordnet',
    cycle: 'Durchgang',
    current: 'aktuell',
    started: 'Begonnen am',
    completed: 'Abgeschlossen am',
    startedShort: 'Beginn',
    completedShort: 'Abschluss',
    validUntilShort: 'Gültig bis',
    score: 'Punktzahl',
    result: 'Ergebnis',
    validUntil: 'Gültig bis',
    forever: 'unbefristet',
    certificate: 'Zertifikat',
    certificateIssued: (d) => `ausgestellt am ${d}`,
    noCertificate: 'kein Zertifikat',
    certificateState: { valid: 'gültig', expired: 'abgelaufen' },
    modules: 'Module des aktuellen Durchgangs',
    module: 'Modul',
    status: 'Status',
    optionalModule: 'optional',
    page: (n, of) => `Seite ${n} von ${of}`,
    course: 'Kurs',
    closedAt: 'Beendet am',
    sheet: 'Lernnachweis',
    fileName: 'lernnachweis',
    moduleStatus: { PENDING: 'Offen', STARTED: 'Begonnen', COMPLETED: 'Abgeschlossen', LOCKED: 'Gesperrt' },
  },
  'en-US': {
    title: 'Learning record',
    person: 'Person',
    email: 'E-mail',
    username: 'Username',
    personnelNumber: 'Personnel number',
    client: 'Client',
    generatedAt: 'Created on',
    noTrainings: 'No trainings.',
    deadline: 'Deadline',
    formerParticipation: 'no longer assigned',
    cycle: 'Cycle',
    current: 'current',
    started: 'Started',
    completed: 'Completed',
    startedShort: 'Started',
    completedShort: 'Completed',
    validUntilShort: 'Valid until',
    score: 'Score',
    result: 'Result',
    validUntil: 'Valid until',
    forever: 'without end',
    certificate: 'Certificate',
    certificateIssued: (d) => `issued on ${d}`,
    noCertificate: 'no certificate',
    certificateState: { valid: 'valid', expired: 'expired' },
    modules: 'Modules of the current cycle',
    module: 'Module',
    status: 'Status',
    optionalModule: 'optional',
    page: (n, of) => `Page ${n} of ${of}`,
    course: 'Course',
    closedAt: 'Closed on',
    sheet: 'Learning record',
    fileName: 'learning-record',
    moduleStatus: { PENDING: 'Open', STARTED: 'Started', COMPLETED: 'Completed', LOCKED: 'Locked' },
  },
  'fr-FR': {
    title: 'Relevé de formation',
    person: 'Personne',
    email: 'E-mail',
    username: 'Nom d’utilisateur',
    personnelNumber: 'Matricule',
    client: 'Client',
    generatedAt: 'Établi le',
    noTrainings: 'Aucune formation.',
    deadline: 'Échéance',
    formerParticipation: 'plus attribuée',
    cycle: 'Session',
    current: 'en cours',
    started: 'Commencée le',
    completed: 'Terminée le',
    startedShort: 'Début',
    completedShort: 'Fin',
    validUntilShort: 'Validité',
    score: 'Note',
    result: 'Résultat',
    validUntil: 'Valide jusqu’au',
    forever: 'sans limite',
    certificate: 'Attestation',
    certificateIssued: (d) => `délivrée le ${d}`,
    noCertificate: 'aucune attestation',
    certificateState: { valid: 'valide', expired: 'expirée' },
    modules: 'Modules de la session en cours',
    module: 'Module',
    status: 'Statut',
    optionalModule: 'facultatif',
    page: (n, of) => `Page ${n} sur ${of}`,
    course: 'Cours',
    closedAt: 'Close le',
    sheet: 'Relevé de formation',
    fileName: 'releve-de-formation',
    moduleStatus: { PENDING: 'À faire', STARTED: 'Commencé', COMPLETED: 'Terminé', LOCKED: 'Verrouillé' },
  },
};

export const recordTexts = (locale: string): RecordTexts =>
  Object.hasOwn(RECORD_TEXTS, locale) ? RECORD_TEXTS[locale as TLocale] : RECORD_TEXTS['de-DE'];

/** A day in a table cell: digits only, in the reader's order (04.03.2026, 03/04/2026, 04/03/2026). */
export const formatRecordDay = (iso: string | null, locale: string): string =>
  iso
    ? new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }).format(
        new Date(iso),
      )
    : '–';

/** A date of the record in the reader's language (UTC day: the record states days, not hours). */
export const formatRecordDate = (iso: string | null, locale: string): string =>
  iso ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso)) : '–';
