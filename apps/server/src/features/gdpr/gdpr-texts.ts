import type { TLocale } from '@lms/contracts/constants';

/** The readable summary of an export and the retention mail's sentences, in each locale (translations test). */
export interface GdprTexts {
  title: string;
  intro: string;
  generatedAt: string;
  profile: string;
  name: string;
  email: string;
  username: string;
  personnelNumber: string;
  company: string;
  groups: string;
  trainings: string;
  course: string;
  status: string;
  completedAt: string;
  certificates: string;
  issuedAt: string;
  messages: string;
  received: string;
  sent: string;
  appointments: string;
  audit: string;
  auditEntries: string;
  files: string;
  filesText: string;
  none: string;
  warningDeactivate: string;
  warningErase: string;
}

export const GDPR_TEXTS: Record<TLocale, GdprTexts> = {
  'de-DE': {
    title: 'Ihre gespeicherten Daten',
    intro:
      'Diese Auskunft nach Art. 15 und 20 DSGVO enthält alle Daten, die die Schulungsplattform über Sie speichert. Die JSON-Dateien enthalten sie vollständig und maschinenlesbar; diese Seite fasst sie zusammen.',
    generatedAt: 'Erstellt am',
    profile: 'Profil',
    name: 'Name',
    email: 'E-Mail',
    username: 'Benutzername',
    personnelNumber: 'Personalnummer',
    company: 'Firma',
    groups: 'Gruppen',
    trainings: 'Schulungen',
    course: 'Kurs',
    status: 'Status',
    completedAt: 'Abgeschlossen am',
    certificates: 'Zertifikate',
    issuedAt: 'Ausgestellt am',
    messages: 'Nachrichten',
    received: 'Empfangen',
    sent: 'Gesendet',
    appointments: 'Terminanfragen',
    audit: 'Protokoll',
    auditEntries: 'Einträge über Sie oder von Ihnen',
    files: 'Dateien',
    filesText:
      'profile.json, trainings.json, scorm.json, certificates.json (und die PDFs in certificates/), messages.json, appointments.json, audit.json',
    none: 'Keine',
    warningDeactivate: 'Ihr Zugang wird deshalb am {{date}} deaktiviert.',
    warningErase: 'Ihr Zugang und Ihre persönlichen Daten werden deshalb am {{date}} gelöscht.',
  },
  'en-US': {
    title: 'Your stored data',
    intro:
      'This access report under GDPR Art. 15 and 20 holds all data the training platform stores about you. The JSON files hold it in full and machine-readable; this page sums it up.',
    generatedAt: 'Made on',
    profile: 'Profile',
    name: 'Name',
    email: 'E-mail',
    username: 'Username',
    personnelNumber: 'Personnel number',
    company: 'Company',
    groups: 'Groups',
    trainings: 'Trainings',
    course: 'Course',
    status: 'Status',
    completedAt: 'Completed on',
    certificates: 'Certificates',
    issuedAt: 'Issued on',
    messages: 'Messages',
    received: 'Received',
    sent: 'Sent',
    appointments: 'Appointment requests',
    audit: 'Audit trail',
    auditEntries: 'Entries about you or by you',
    files: 'Files',
    filesText:
      'profile.json, trainings.json, scorm.json, certificates.json (and the PDFs in certificates/), messages.json, appointments.json, audit.json',
    none: 'None',
    warningDeactivate: 'Your account will therefore be deactivated on {{date}}.',
    warningErase: 'Your account and your personal data will therefore be erased on {{date}}.',
  },
  'fr-FR': {
    title: 'Vos données enregistrées',
    intro:
      "Ce rapport d'accès selon les art. 15 et 20 du RGPD contient toutes les données que la plateforme de formation enregistre sur vous. Les fichiers JSON les contiennent en entier, lisibles par machine ; cette page les résume.",
    generatedAt: 'Créé le',
    profile: 'Profil',
    name: 'Nom',
    email: 'E-mail',
    username: "Nom d'utilisateur",
    personnelNumber: 'Matricule',
    company: 'Entreprise',
    groups: 'Groupes',
    trainings: 'Formations',
    course: 'Cours',
    status: 'Statut',
    completedAt: 'Terminé le',
    certificates: 'Attestations',
    issuedAt: 'Délivrée le',
    messages: 'Messages',
    received: 'Reçus',
    sent: 'Envoyés',
    appointments: 'Demandes de rendez-vous',
    audit: "Journal d'audit",
    auditEntries: 'Entrées vous concernant ou faites par vous',
    files: 'Fichiers',
    filesText:
      'profile.json, trainings.json, scorm.json, certificates.json (et les PDF dans certificates/), messages.json, appointments.json, audit.json',
    none: 'Aucun',
    warningDeactivate: 'Votre compte sera donc désactivé le {{date}}.',
    warningErase: 'Votre compte et vos données personnelles seront donc supprimés le {{date}}.',
  },
};
