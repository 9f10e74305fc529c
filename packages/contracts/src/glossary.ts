import type { TLocale } from './constants';

/**
 * Issue 32 point 8 "One vocabulary": the product's words in de-DE, en-US and fr-FR, one per concept, and the
 * alternatives that must not stand in a text the product shows (web locale files, mails, server texts, PDFs).
 * docs/glossary.md is the same list for people; glossary.test.ts (apps/server/test) reads every text against it.
 *
 * How an alternative is matched: case-insensitive, as a whole word. A word is a run of letters, digits and hyphens,
 * so "E-Mail" is one word and does not contain "Mail". A `*` at either end lets the alternative continue there:
 * "Ansprechpartner*" also finds "Ansprechpartnern", "*bescheinigung*" finds "Teilnahmebescheinigungen" (German
 * compounds). Before the alternatives are looked for, the concept's own words and its exceptions are blanked out
 * of the text, so "contact" finds "Add contact" but not "contact person".
 */
export interface GlossaryException {
  /** The words that may stand, matched like an alternative (whole words, `*` at the ends). */
  phrase: string;
  /** Why this is no alternative for the concept. */
  reason: string;
}

export interface GlossaryConcept {
  /** What the concept is, in English. */
  meaning: string;
  /** The product's words: the first is the term, the rest its forms (plural, case, compounds). */
  words: Record<TLocale, readonly string[]>;
  /** Alternatives that must not appear. */
  avoid: Partial<Record<TLocale, readonly string[]>>;
  /** Justified uses of an alternative's words, each with its reason. */
  exceptions?: Partial<Record<TLocale, readonly GlossaryException[]>>;
}

export const GLOSSARY = {
  training: {
    meaning:
      'A course assigned to groups or single people, with dates, deadline and reminders; what a participant takes.',
    words: {
      'de-DE': ['Schulung', 'Schulungen'],
      'en-US': ['training', 'trainings'],
      'fr-FR': ['formation', 'formations'],
    },
    avoid: { 'de-DE': ['Training', 'Trainings', 'Lehrgang*', 'Lehrgänge*'], 'fr-FR': ['stage', 'stages'] },
    exceptions: {
      'de-DE': [{ phrase: 'trainings.json', reason: 'a file name in the GDPR export, the same in every language' }],
    },
  },
  course: {
    meaning: 'The content a content master prepares: title, description, modules and files. Trainings assign it.',
    words: { 'de-DE': ['Kurs', 'Kurse'], 'en-US': ['course', 'courses'], 'fr-FR': ['cours'] },
    avoid: { 'de-DE': ['Kursus'] },
  },
  module: {
    meaning: 'One part of a course: a SCORM package or a PDF file, taken in order.',
    words: { 'de-DE': ['Modul', 'Module'], 'en-US': ['module', 'modules'], 'fr-FR': ['module', 'modules'] },
    avoid: {
      'de-DE': ['Lernmodul*', 'Lektion*'],
      'en-US': ['lesson', 'lessons', 'learning module*'],
      'fr-FR': ['leçon', 'leçons'],
    },
  },
  learningUnit: {
    meaning: 'One SCO inside a SCORM module (what the module list counts).',
    words: {
      'de-DE': ['Lerneinheit', 'Lerneinheiten'],
      'en-US': ['learning unit', 'learning units'],
      'fr-FR': ['unité d’apprentissage', 'unités d’apprentissage'],
    },
    avoid: {},
  },
  participant: {
    meaning: 'A person who takes trainings; also the role PARTICIPANT.',
    words: {
      'de-DE': ['Teilnehmende', 'teilnehmende Person'],
      'en-US': ['participant', 'participants'],
      'fr-FR': ['participant', 'participants'],
    },
    avoid: {
      'de-DE': ['Teilnehmer*', 'Lernende*', 'Lernender*'],
      'en-US': ['learner*', 'trainee*'],
      'fr-FR': ['apprenant*', 'stagiaire*'],
    },
  },
  user: {
    meaning: 'An account of a client, of any role.',
    words: {
      'de-DE': ['Benutzer', 'Benutzerin'],
      'en-US': ['user', 'users'],
      'fr-FR': ['utilisateur', 'utilisateurs'],
    },
    avoid: { 'de-DE': ['Nutzer*', 'Anwender*'], 'fr-FR': ['usager*'] },
  },
  coordinator: {
    meaning: 'A person with the role COORDINATOR: manages users, groups and trainings. The role is named Koordination.',
    words: {
      'de-DE': ['Koordinator', 'Koordinatoren', 'Koordination'],
      'en-US': ['coordinator', 'coordinators'],
      'fr-FR': ['coordinateur', 'coordinateurs'],
    },
    avoid: { 'fr-FR': ['coordonnateur*'] },
  },
  contentMaster: {
    meaning: 'The role CONTENT_MASTER: manages courses, modules, files, certificate and mail templates.',
    words: {
      'de-DE': ['Inhaltsverwaltung'],
      'en-US': ['content master'],
      'fr-FR': ['gestionnaire de contenu'],
    },
    avoid: {
      'de-DE': ['Redakteur*', 'Content-Master*'],
      'en-US': ['content manager*', 'content editor*'],
      'fr-FR': ['responsable de contenu', 'rédacteur*'],
    },
  },
  contactPerson: {
    meaning:
      'A person a client names for a responsibility (first and last name, phone, e-mail); participants ask them for appointments.',
    words: {
      'de-DE': ['Ansprechperson', 'Ansprechpersonen'],
      'en-US': ['contact person', 'contact persons'],
      'fr-FR': ['interlocuteur', 'interlocuteurs'],
    },
    avoid: {
      'de-DE': ['*ansprechpartner*', 'Kontakt', 'Kontakte', 'Kontakten', 'Kontaktperson*'],
      'en-US': ['contact', 'contacts'],
      'fr-FR': ['contact', 'contacts', 'personne de contact', 'personnes de contact', 'correspondant*'],
    },
    exceptions: {
      'en-US': [{ phrase: 'contact your', reason: 'the verb "to contact" (contact your administrator), not the noun' }],
    },
  },
  client: {
    meaning: 'A tenant: a company with its own platform, domain, design, users and courses. Resellers manage them.',
    words: { 'de-DE': ['Mandant', 'Mandanten'], 'en-US': ['client', 'clients'], 'fr-FR': ['client', 'clients'] },
    avoid: {
      'de-DE': ['Tenant*'],
      'en-US': ['tenant*'],
      'fr-FR': ['locataire*', 'mandant*'],
    },
    exceptions: {
      'de-DE': [{ phrase: 'Tenant-ID', reason: 'the field Microsoft Entra names so; it is copied from Entra' }],
      'en-US': [{ phrase: 'tenant ID', reason: 'the field Microsoft Entra names so; it is copied from Entra' }],
      'fr-FR': [{ phrase: 'ID de locataire', reason: 'the field Microsoft Entra names so in French' }],
    },
  },
  organisation: {
    meaning: 'The client as its own people see it ("your organisation"): a participant never reads the word client.',
    words: {
      'de-DE': ['Organisation'],
      'en-US': ['organisation'],
      'fr-FR': ['organisation'],
    },
    avoid: { 'en-US': ['organization*'] },
  },
  company: {
    meaning: 'A company inside a client that users belong to; also the buyer kind "company" of a premium purchase.',
    words: { 'de-DE': ['Firma', 'Firmen'], 'en-US': ['company', 'companies'], 'fr-FR': ['entreprise', 'entreprises'] },
    avoid: { 'de-DE': ['Unternehmen*', 'Gesellschaft*'], 'en-US': ['firm', 'firms'], 'fr-FR': ['société*'] },
  },
  group: {
    meaning: 'A named set of users that trainings are assigned to; coordinators manage its members.',
    words: { 'de-DE': ['Gruppe', 'Gruppen'], 'en-US': ['group', 'groups'], 'fr-FR': ['groupe', 'groupes'] },
    avoid: {},
  },
  certificate: {
    meaning: 'The PDF a participant receives for completing a training (certificate of participation).',
    words: {
      'de-DE': ['Zertifikat', 'Zertifikate'],
      'en-US': ['certificate', 'certificates'],
      'fr-FR': ['attestation', 'attestations'],
    },
    avoid: {
      'de-DE': ['*bescheinigung*', 'Urkunde*'],
      'en-US': ['diploma*', 'attestation*'],
      'fr-FR': ['certificat', 'certificats', 'diplôme*'],
    },
    exceptions: {
      'fr-FR': [
        { phrase: 'certificats valides', reason: 'the TLS certificates of a mail server (SMTP settings)' },
        { phrase: 'certificat non valide', reason: 'the TLS certificate of a mail server (SMTP test)' },
      ],
    },
  },
  certification: {
    meaning: 'A certificate’s validity: it expires and the training is taken again (recertification).',
    words: {
      'de-DE': ['Zertifizierung', 'Rezertifizierung'],
      'en-US': ['certification', 'recertification'],
      'fr-FR': ['certification', 'recertification'],
    },
    avoid: {},
  },
  reminder: {
    meaning: 'A mail that reminds a participant of an open training before its deadline.',
    words: {
      'de-DE': ['Erinnerung', 'Erinnerungen'],
      'en-US': ['reminder', 'reminders'],
      'fr-FR': ['rappel', 'rappels'],
    },
    avoid: { 'de-DE': ['Mahnung*'], 'fr-FR': ['relance', 'relances'] },
  },
  invitation: {
    meaning: 'The mail that tells a participant of a new training.',
    words: {
      'de-DE': ['Einladung', 'Einladungen'],
      'en-US': ['invitation', 'invitations'],
      'fr-FR': ['invitation', 'invitations'],
    },
    avoid: {},
  },
  deadline: {
    meaning: 'The date by which a training is to be completed.',
    words: { 'de-DE': ['Frist', 'Fristen'], 'en-US': ['deadline', 'deadlines'], 'fr-FR': ['échéance', 'échéances'] },
    avoid: {
      'de-DE': ['Deadline*', 'Stichtag*', 'Fälligkeitsdatum'],
      'en-US': ['due date*'],
      'fr-FR': ['date limite', 'dates limites'],
    },
  },
  appointment: {
    meaning: 'A meeting a participant asks a contact person for (online, phone, face to face).',
    words: {
      'de-DE': ['Termin', 'Termine'],
      'en-US': ['appointment', 'appointments'],
      'fr-FR': ['rendez-vous'],
    },
    avoid: { 'de-DE': ['Verabredung*'] },
  },
  file: {
    meaning: 'An uploaded file: a course file (PDF per language), a module package, a logo.',
    words: { 'de-DE': ['Datei', 'Dateien'], 'en-US': ['file', 'files'], 'fr-FR': ['fichier', 'fichiers'] },
    avoid: {},
  },
  document: {
    meaning: 'What a participant downloads: the course files of their trainings and their certificates.',
    words: {
      'de-DE': ['Dokument', 'Dokumente', 'Downloads'],
      'en-US': ['document', 'documents', 'downloads'],
      'fr-FR': ['document', 'documents', 'téléchargements'],
    },
    avoid: {},
  },
  template: {
    meaning: 'A mail or certificate template: the text and layout a mail or certificate is made from.',
    words: {
      'de-DE': ['Vorlage', 'E-Mail-Vorlage', 'Zertifikatsvorlage'],
      'en-US': ['template', 'mail template', 'certificate template'],
      'fr-FR': ['modèle', 'modèle d’e-mail', 'modèle d’attestation'],
    },
    avoid: { 'de-DE': ['Mailvorlage*', 'Template*'], 'fr-FR': ['gabarit*'] },
  },
  mail: {
    meaning: 'An e-mail the platform sends.',
    words: { 'de-DE': ['E-Mail', 'E-Mails'], 'en-US': ['e-mail', 'mail'], 'fr-FR': ['e-mail', 'e-mails'] },
    avoid: { 'de-DE': ['Mail', 'Mails'], 'fr-FR': ['courriel*'] },
  },
  reseller: {
    meaning: 'A partner who sells the platform and manages clients.',
    words: { 'de-DE': ['Reseller'], 'en-US': ['reseller', 'resellers'], 'fr-FR': ['revendeur', 'revendeurs'] },
    avoid: { 'de-DE': ['Wiederverkäufer*'], 'fr-FR': ['reseller*'] },
  },
} as const satisfies Record<string, GlossaryConcept>;

export type TGlossaryConcept = keyof typeof GLOSSARY;

/**
 * The menu entries of the web app (locale key in common.json) and the title of the page each opens, by locale key:
 * both say the same (issue 32 point 8: "Kurse" opened "Meine Schulungen" or "Übersicht").
 */
export const MENU_PAGE_TITLES: readonly { menu: string; page: string }[] = [
  { menu: 'common:menu.courses', page: 'learner:dashboard.title' },
  { menu: 'common:menu.overview', page: 'learner:staffHome.title' },
  { menu: 'common:menu.downloads', page: 'documents:mine.title' },
  { menu: 'common:menu.messages', page: 'messages:title' },
  { menu: 'common:menu.contacts', page: 'contacts:title' },
  { menu: 'common:menu.help', page: 'legal:platform.faq.title' },
  { menu: 'common:menu.premium', page: 'premium:title' },
  { menu: 'common:menu.premiumInvoices', page: 'premium:invoices.title' },
  { menu: 'common:menu.coordinationUsers', page: 'users:list.title' },
  { menu: 'common:menu.coordinationGroups', page: 'users:groups.title' },
  { menu: 'common:menu.coordinationTrainings', page: 'trainings:list.title' },
  { menu: 'common:menu.allDocuments', page: 'documents:all.title' },
  { menu: 'common:menu.contentCourses', page: 'courses:list.title' },
  { menu: 'common:menu.contentCertificateTemplates', page: 'certificates:templates.title' },
  { menu: 'common:menu.contentMailTemplates', page: 'mail:templates.title' },
  { menu: 'common:menu.contentMailQueue', page: 'mail:queue.title' },
  { menu: 'common:menu.clientOverview', page: 'clients:list.title' },
  { menu: 'common:menu.changePassword', page: 'auth:passwordChange.title' },
];

export interface GlossaryFinding {
  concept: TGlossaryConcept;
  /** The alternative as the glossary lists it. */
  alternative: string;
  /** The words of the text it matched. */
  found: string;
}

const WORD = '[\\p{L}\\p{N}-]';
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const patterns = new Map<string, RegExp>();

/** A glossary phrase as a regular expression: whole words, `*` at an end continues the word there. */
export function phrasePattern(phrase: string): RegExp {
  const known = patterns.get(phrase);
  if (known) return known;
  const open = phrase.startsWith('*');
  const close = phrase.endsWith('*');
  const core = escape(phrase.replace(/^\*|\*$/g, '')).replace(/ /g, '\\s+');
  const pattern = new RegExp(
    `${open ? `${WORD}*` : `(?<!${WORD})`}${core}${close ? `${WORD}*` : `(?!${WORD})`}`,
    'giu',
  );
  patterns.set(phrase, pattern);
  return pattern;
}

/** A text's alternatives to the glossary's words in the locale (placeholders such as {{name}} left out). */
export function findGlossaryAlternatives(text: string, locale: TLocale): GlossaryFinding[] {
  const plain = text.replace(/\{\{[^}]*\}\}/g, ' ');
  const findings: GlossaryFinding[] = [];
  for (const [concept, entry] of Object.entries(GLOSSARY) as [TGlossaryConcept, GlossaryConcept][]) {
    const avoid = entry.avoid[locale] ?? [];
    if (avoid.length === 0) continue;
    const allowed = [...entry.words[locale], ...(entry.exceptions?.[locale] ?? []).map((e) => e.phrase)].sort(
      (a, b) => b.length - a.length,
    );
    const rest = allowed.reduce((t, phrase) => t.replace(phrasePattern(phrase), (m) => ' '.repeat(m.length)), plain);
    for (const alternative of avoid)
      for (const match of rest.matchAll(phrasePattern(alternative)))
        findings.push({ concept, alternative, found: match[0] });
  }
  return findings;
}
