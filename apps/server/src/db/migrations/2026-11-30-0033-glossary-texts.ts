import type { Kysely } from 'kysely';
import type { TLocale } from '@lms/contracts/constants';
import type { TPlatformTextKey } from '@lms/contracts/platform-texts';

/**
 * Issue 32 point 8 "One vocabulary" (docs/glossary.md): the default texts now say "Zertifikat" (not
 * "Teilnahmebescheinigung"), "attestation" (not "certificat"), "Ihre Organisation" (not "Ihr Unternehmen") and name
 * the menu entries as they now read. The FAQ and About texts were copied into every installation (0013), the
 * certificate mail into every client's standard template (as 0026 explains): a copy nobody edited (still the old
 * default, exactly) becomes the new default; an edited text stays as it is. Old processes read the new texts as
 * they read any edited one (an expand, docs/operations.md).
 *
 * Both the old and the new texts are frozen copies here: a later wording change of the defaults must not change
 * what this migration writes.
 */
const OLD_PLATFORM_TEXTS: [TPlatformTextKey, TLocale, string][] = [
  [
    'faq',
    'de-DE',
    `Hier finden Sie Antworten auf häufige Fragen zur Lernplattform. Nutzen Sie die Suche, um eine Frage schnell zu finden.

## Wie melde ich mich an?
Öffnen Sie die Adresse Ihres Unternehmens und melden Sie sich mit Ihrer E-Mail-Adresse oder Ihrem Benutzernamen und Ihrem Passwort an. Beim ersten Mal erhalten Sie eine E-Mail mit einem Link, über den Sie Ihr Passwort festlegen.

## Ich habe mein Passwort vergessen. Was nun?
Wählen Sie auf der Anmeldeseite „Passwort vergessen“ und geben Sie Ihre E-Mail-Adresse ein. Sie erhalten einen Link, mit dem Sie ein neues Passwort festlegen.

## Was ist eine Schulung?
Eine Schulung ist ein Kurs, der Ihnen über eine Gruppe zugewiesen wurde, oft mit einem Starttermin und einer Frist. Ihre Schulungen sehen Sie auf der Startseite unter „Kurse“.

## Was sind Module?
Ein Kurs besteht aus Modulen: interaktiven Lerneinheiten (SCORM) oder PDF-Dokumenten. Module werden der Reihe nach bearbeitet; ein Modul ist gesperrt, bis die vorherigen Pflichtmodule abgeschlossen sind.

## Wann ist eine Schulung abgeschlossen?
Sobald alle Pflichtmodule abgeschlossen sind. Ein PDF-Modul gilt als abgeschlossen, wenn Sie es im Viewer öffnen; ein interaktives Modul meldet seinen Abschluss selbst.

## Wo finde ich mein Zertifikat?
Hat der Kurs eine Zertifikatsvorlage, wird Ihr Zertifikat beim Abschluss erstellt. Sie finden es unter „Downloads“ → „Zertifikate“ und können es als PDF herunterladen.

## Warum erhalte ich Erinnerungen?
Ihre Koordination kann Erinnerungen senden, solange eine Schulung nicht abgeschlossen ist. Nach dem Abschluss erhalten Sie keine Erinnerungen mehr.

## Wen frage ich bei Problemen?
Wenden Sie sich an die Support-Adresse Ihres Unternehmens, die Sie unten auf jeder Seite finden.
`,
  ],
  [
    'faq',
    'en-US',
    `Here you find answers to common questions about the learning platform. Use the search to find a question quickly.

## How do I sign in?
Open your company's address and sign in with your e-mail address or user name and your password. The first time, you get an e-mail with a link to set your password.

## I forgot my password. What now?
Choose "Forgot password" on the sign-in page and enter your e-mail address. You get a link to set a new password.

## What is a training?
A training is a course assigned to you through a group, often with a start date and a deadline. You see your trainings on the start page under "Courses".

## What are modules?
A course is made of modules: interactive learning units (SCORM) or PDF documents. Modules are taken in order; a module stays locked until the required modules before it are completed.

## When is a training completed?
As soon as all required modules are completed. A PDF module counts as completed when you open it in the viewer; an interactive module reports its completion itself.

## Where do I find my certificate?
If the course has a certificate template, your certificate is made when you complete it. You find it under "Downloads" → "Certificates" and can download it as a PDF.

## Why do I get reminders?
Your coordinator may send reminders while a training is not completed. Once you complete it, the reminders stop.

## Whom do I ask when something does not work?
Write to your company's support address, shown at the bottom of every page.
`,
  ],
  [
    'faq',
    'fr-FR',
    `Vous trouverez ici les réponses aux questions fréquentes sur la plateforme de formation. Utilisez la recherche pour trouver rapidement une question.

## Comment me connecter ?
Ouvrez l’adresse de votre entreprise et connectez-vous avec votre adresse e-mail ou votre nom d’utilisateur et votre mot de passe. La première fois, vous recevez un e-mail avec un lien pour définir votre mot de passe.

## J’ai oublié mon mot de passe. Que faire ?
Choisissez « Mot de passe oublié » sur la page de connexion et saisissez votre adresse e-mail. Vous recevez un lien pour définir un nouveau mot de passe.

## Qu’est-ce qu’une formation ?
Une formation est un cours qui vous est attribué par un groupe, souvent avec une date de début et une échéance. Vos formations apparaissent sur la page d’accueil sous « Cours ».

## Que sont les modules ?
Un cours se compose de modules : des unités d’apprentissage interactives (SCORM) ou des documents PDF. Les modules se suivent dans l’ordre ; un module reste verrouillé tant que les modules obligatoires précédents ne sont pas terminés.

## Quand une formation est-elle terminée ?
Dès que tous les modules obligatoires sont terminés. Un module PDF est terminé lorsque vous l’ouvrez dans la visionneuse ; un module interactif signale lui-même sa fin.

## Où trouver mon certificat ?
Si le cours a un modèle de certificat, votre certificat est créé à la fin de la formation. Vous le trouvez sous « Téléchargements » → « Certificats » et pouvez le télécharger en PDF.

## Pourquoi est-ce que je reçois des rappels ?
Votre coordinateur peut envoyer des rappels tant qu’une formation n’est pas terminée. Une fois terminée, vous n’en recevez plus.

## À qui m’adresser en cas de problème ?
Écrivez à l’adresse d’assistance de votre entreprise, indiquée en bas de chaque page.
`,
  ],
  [
    'about',
    'de-DE',
    `Diese Lernplattform stellt Ihrem Unternehmen Online-Schulungen bereit: Pflichtunterweisungen, Produktschulungen und alles, was Ihre Mitarbeitenden wissen müssen.

## So funktioniert es
- **Kurse** bestehen aus Modulen: interaktiven SCORM-Lerneinheiten und PDF-Dokumenten.
- **Schulungen** weisen einen Kurs einer oder mehreren Gruppen zu, mit Starttermin und Frist.
- **Koordinatorinnen und Koordinatoren** sehen den Fortschritt ihrer Gruppen und erinnern an offene Schulungen.
- **Zertifikate** werden beim Abschluss automatisch erstellt und stehen als PDF bereit.

## Datenschutz
Ihr Unternehmen ist ein eigener Mandant: Seine Daten sind von denen anderer Unternehmen getrennt. Impressum und Datenschutzerklärung finden Sie unten auf jeder Seite.
`,
  ],
  [
    'about',
    'en-US',
    `This learning platform brings online training to your company: mandatory instructions, product training and everything your staff need to know.

## How it works
- **Courses** are made of modules: interactive SCORM learning units and PDF documents.
- **Trainings** assign a course to one or more groups, with a start date and a deadline.
- **Coordinators** follow their groups' progress and remind people of open trainings.
- **Certificates** are made automatically on completion and are ready as PDF files.

## Privacy
Your company is a client of its own: its data is kept apart from other companies' data. The imprint and privacy policy are linked at the bottom of every page.
`,
  ],
  [
    'about',
    'fr-FR',
    `Cette plateforme de formation propose des formations en ligne à votre entreprise : instructions obligatoires, formations produits et tout ce que vos collaborateurs doivent savoir.

## Comment ça marche
- Les **cours** se composent de modules : unités d’apprentissage SCORM interactives et documents PDF.
- Les **formations** attribuent un cours à un ou plusieurs groupes, avec une date de début et une échéance.
- Les **coordinateurs** suivent la progression de leurs groupes et rappellent les formations ouvertes.
- Les **certificats** sont créés automatiquement à la fin et sont disponibles en PDF.

## Protection des données
Votre entreprise est un client à part entière : ses données sont séparées de celles des autres entreprises. Les mentions légales et la politique de confidentialité sont accessibles en bas de chaque page.
`,
  ],
];

const OLD_CERTIFICATE_MAIL = {
  name: 'Teilnahmebescheinigung',
  subject: 'Ihre Teilnahmebescheinigung für „{{courseTitle}}“',
  bodyText: `Hallo{{#name}} {{name}}{{/name}},

herzlichen Glückwunsch, Sie haben die Schulung „{{courseTitle}}“ abgeschlossen. Ihre Teilnahmebescheinigung finden Sie hier:

{{link}}

Viele Grüße
{{clientName}}`,
};

const NEW_PLATFORM_TEXTS: [TPlatformTextKey, TLocale, string][] = [
  [
    'faq',
    'de-DE',
    `Hier finden Sie Antworten auf häufige Fragen zur Lernplattform. Nutzen Sie die Suche, um eine Frage schnell zu finden.

## Wie melde ich mich an?
Öffnen Sie die Adresse Ihrer Organisation und melden Sie sich mit Ihrer E-Mail-Adresse oder Ihrem Benutzernamen und Ihrem Passwort an. Beim ersten Mal erhalten Sie eine E-Mail mit einem Link, über den Sie Ihr Passwort festlegen.

## Ich habe mein Passwort vergessen. Was nun?
Wählen Sie auf der Anmeldeseite „Passwort vergessen“ und geben Sie Ihre E-Mail-Adresse ein. Sie erhalten einen Link, mit dem Sie ein neues Passwort festlegen.

## Was ist eine Schulung?
Eine Schulung ist ein Kurs, der Ihnen über eine Gruppe zugewiesen wurde, oft mit einem Starttermin und einer Frist. Ihre Schulungen sehen Sie auf der Startseite unter „Meine Schulungen“.

## Was sind Module?
Ein Kurs besteht aus Modulen: interaktiven Lerneinheiten (SCORM) oder PDF-Dokumenten. Module werden der Reihe nach bearbeitet; ein Modul ist gesperrt, bis die vorherigen Pflichtmodule abgeschlossen sind.

## Wann ist eine Schulung abgeschlossen?
Sobald alle Pflichtmodule abgeschlossen sind. Ein PDF-Modul gilt als abgeschlossen, wenn Sie es im Viewer öffnen; ein interaktives Modul meldet seinen Abschluss selbst.

## Wo finde ich mein Zertifikat?
Hat der Kurs eine Zertifikatsvorlage, wird Ihr Zertifikat beim Abschluss erstellt. Sie finden es unter „Meine Downloads“ → „Meine Zertifikate“ und können es als PDF herunterladen.

## Warum erhalte ich Erinnerungen?
Ihre Koordination kann Erinnerungen senden, solange eine Schulung nicht abgeschlossen ist. Nach dem Abschluss erhalten Sie keine Erinnerungen mehr.

## Wen frage ich bei Problemen?
Wenden Sie sich an die Support-Adresse Ihrer Organisation, die Sie unten auf jeder Seite finden.
`,
  ],
  [
    'faq',
    'en-US',
    `Here you find answers to common questions about the learning platform. Use the search to find a question quickly.

## How do I sign in?
Open your company's address and sign in with your e-mail address or user name and your password. The first time, you get an e-mail with a link to set your password.

## I forgot my password. What now?
Choose "Forgot password" on the sign-in page and enter your e-mail address. You get a link to set a new password.

## What is a training?
A training is a course assigned to you through a group, often with a start date and a deadline. You see your trainings on the start page under "My trainings".

## What are modules?
A course is made of modules: interactive learning units (SCORM) or PDF documents. Modules are taken in order; a module stays locked until the required modules before it are completed.

## When is a training completed?
As soon as all required modules are completed. A PDF module counts as completed when you open it in the viewer; an interactive module reports its completion itself.

## Where do I find my certificate?
If the course has a certificate template, your certificate is made when you complete it. You find it under "My downloads" → "My certificates" and can download it as a PDF.

## Why do I get reminders?
Your coordinator may send reminders while a training is not completed. Once you complete it, the reminders stop.

## Whom do I ask when something does not work?
Write to your organisation's support address, shown at the bottom of every page.
`,
  ],
  [
    'faq',
    'fr-FR',
    `Vous trouverez ici les réponses aux questions fréquentes sur la plateforme de formation. Utilisez la recherche pour trouver rapidement une question.

## Comment me connecter ?
Ouvrez l’adresse de votre entreprise et connectez-vous avec votre adresse e-mail ou votre nom d’utilisateur et votre mot de passe. La première fois, vous recevez un e-mail avec un lien pour définir votre mot de passe.

## J’ai oublié mon mot de passe. Que faire ?
Choisissez « Mot de passe oublié » sur la page de connexion et saisissez votre adresse e-mail. Vous recevez un lien pour définir un nouveau mot de passe.

## Qu’est-ce qu’une formation ?
Une formation est un cours qui vous est attribué par un groupe, souvent avec une date de début et une échéance. Vos formations apparaissent sur la page d’accueil sous « Mes formations ».

## Que sont les modules ?
Un cours se compose de modules : des unités d’apprentissage interactives (SCORM) ou des documents PDF. Les modules se suivent dans l’ordre ; un module reste verrouillé tant que les modules obligatoires précédents ne sont pas terminés.

## Quand une formation est-elle terminée ?
Dès que tous les modules obligatoires sont terminés. Un module PDF est terminé lorsque vous l’ouvrez dans la visionneuse ; un module interactif signale lui-même sa fin.

## Où trouver mon attestation ?
Si le cours a un modèle d’attestation, votre attestation est créée à la fin de la formation. Vous la trouvez sous « Mes téléchargements » → « Mes attestations » et pouvez la télécharger en PDF.

## Pourquoi est-ce que je reçois des rappels ?
Votre coordinateur peut envoyer des rappels tant qu’une formation n’est pas terminée. Une fois terminée, vous n’en recevez plus.

## À qui m’adresser en cas de problème ?
Écrivez à l’adresse d’assistance de votre organisation, indiquée en bas de chaque page.
`,
  ],
  [
    'about',
    'de-DE',
    `Diese Lernplattform stellt Ihrer Organisation Online-Schulungen bereit: Pflichtunterweisungen, Produktschulungen und alles, was Ihre Mitarbeitenden wissen müssen.

## So funktioniert es
- **Kurse** bestehen aus Modulen: interaktiven SCORM-Lerneinheiten und PDF-Dokumenten.
- **Schulungen** weisen einen Kurs einer oder mehreren Gruppen zu, mit Starttermin und Frist.
- **Koordinatorinnen und Koordinatoren** sehen den Fortschritt ihrer Gruppen und erinnern an offene Schulungen.
- **Zertifikate** werden beim Abschluss automatisch erstellt und stehen als PDF bereit.

## Datenschutz
Ihre Organisation ist ein eigener Mandant: Ihre Daten sind von denen anderer Mandanten getrennt. Impressum und Datenschutzerklärung finden Sie unten auf jeder Seite.
`,
  ],
  [
    'about',
    'en-US',
    `This learning platform brings online training to your organisation: mandatory instructions, product training and everything your staff need to know.

## How it works
- **Courses** are made of modules: interactive SCORM learning units and PDF documents.
- **Trainings** assign a course to one or more groups, with a start date and a deadline.
- **Coordinators** follow their groups' progress and remind people of open trainings.
- **Certificates** are made automatically on completion and are ready as PDF files.

## Privacy
Your organisation is a client of its own: its data is kept apart from other clients' data. The imprint and privacy policy are linked at the bottom of every page.
`,
  ],
  [
    'about',
    'fr-FR',
    `Cette plateforme de formation propose des formations en ligne à votre organisation : instructions obligatoires, formations produits et tout ce que vos collaborateurs doivent savoir.

## Comment ça marche
- Les **cours** se composent de modules : unités d’apprentissage SCORM interactives et documents PDF.
- Les **formations** attribuent un cours à un ou plusieurs groupes, avec une date de début et une échéance.
- Les **coordinateurs** suivent la progression de leurs groupes et rappellent les formations ouvertes.
- Les **attestations** sont créées automatiquement à la fin et sont disponibles en PDF.

## Protection des données
Votre organisation est un client à part entière : ses données sont séparées de celles des autres clients. Les mentions légales et la politique de confidentialité sont accessibles en bas de chaque page.
`,
  ],
];

const NEW_CERTIFICATE_MAIL = {
  name: 'Zertifikat',
  subject: `Ihr Zertifikat für „{{courseTitle}}“`,
  bodyText: `Hallo{{#name}} {{name}}{{/name}},

herzlichen Glückwunsch, Sie haben die Schulung „{{courseTitle}}“ abgeschlossen. Ihr Zertifikat finden Sie hier:

{{link}}

Viele Grüße
{{clientName}}`,
};

export async function up(db: Kysely<unknown>): Promise<void> {
  const k = db as unknown as Kysely<{
    platform_texts: { key: string; locale: string; markdown: string };
    mail_templates: { id: string; name: string; standard_kind: string | null };
    mail_template_locales: { template_id: string; locale: string; subject: string; body_text: string };
  }>;
  for (const [key, locale, old] of OLD_PLATFORM_TEXTS)
    await k
      .updateTable('platform_texts')
      .set({ markdown: NEW_PLATFORM_TEXTS.find(([k2, l2]) => k2 === key && l2 === locale)![2] })
      .where('key', '=', key)
      .where('locale', '=', locale)
      .where('markdown', '=', old)
      .execute();
  const standard = k.selectFrom('mail_templates').select('id').where('standard_kind', '=', 'certificate_issued');
  const now = NEW_CERTIFICATE_MAIL;
  await k
    .updateTable('mail_template_locales')
    .set({ subject: now.subject })
    .where('locale', '=', 'de-DE')
    .where('subject', '=', OLD_CERTIFICATE_MAIL.subject)
    .where('template_id', 'in', standard)
    .execute();
  await k
    .updateTable('mail_template_locales')
    .set({ body_text: now.bodyText })
    .where('locale', '=', 'de-DE')
    .where('body_text', '=', OLD_CERTIFICATE_MAIL.bodyText)
    .where('template_id', 'in', standard)
    .execute();
  await k
    .updateTable('mail_templates')
    .set({ name: NEW_CERTIFICATE_MAIL.name })
    .where('standard_kind', '=', 'certificate_issued')
    .where('name', '=', OLD_CERTIFICATE_MAIL.name)
    .execute();
}
