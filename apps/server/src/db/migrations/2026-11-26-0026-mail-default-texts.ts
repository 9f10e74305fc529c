import type { Kysely } from 'kysely';
import type { TLocale } from '@lms/contracts/constants';
import type { TMailTemplateKind } from '@lms/contracts/mail-templates';

/**
 * Issue 28 point 12: the default texts now leave out "bis zum {{deadline}}" / "by" / "avant le", the support sentence
 * and the name of the greeting when the value is missing (conditional blocks). A client's standard template was made
 * as a copy of the defaults the first time its templates were listed; a copy nobody edited (its text is still the
 * old default, exactly) becomes the new default text. An edited text is the client's own and stays as it is.
 */
const OLD_DEFAULT_TEXTS: [TMailTemplateKind, TLocale, string][] = [
  [
    'activation',
    'de-DE',
    `Hallo {{name}},

für Sie wurde ein Zugang zur Schulungsplattform von {{clientName}} eingerichtet. Bitte legen Sie über diesen Link Ihr Passwort fest:

{{link}}

Der Link ist 24 Stunden gültig. Bei Fragen erreichen Sie uns unter {{supportEmail}}.

Viele Grüße
{{clientName}}`,
  ],
  [
    'password_reset',
    'de-DE',
    `Hallo {{name}},

Sie haben angefordert, Ihr Passwort zurückzusetzen. Über diesen Link können Sie ein neues Passwort festlegen:

{{link}}

Der Link ist 24 Stunden gültig und kann nur einmal verwendet werden. Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren.

Viele Grüße
{{clientName}}`,
  ],
  [
    'invitation',
    'de-DE',
    `Hallo {{name}},

Sie sind zur Schulung „{{courseTitle}}“ eingeladen. Bitte schließen Sie sie bis zum {{deadline}} ab:

{{link}}

Bei Fragen erreichen Sie uns unter {{supportEmail}}.

Viele Grüße
{{clientName}}`,
  ],
  [
    'reminder',
    'de-DE',
    `Hallo {{name}},

wir möchten Sie an die Schulung „{{courseTitle}}“ erinnern, die Sie noch nicht abgeschlossen haben. Bitte schließen Sie sie bis zum {{deadline}} ab:

{{link}}

Viele Grüße
{{clientName}}`,
  ],
  [
    'appointment_request',
    'de-DE',
    `Hallo {{firstName}} {{lastName}},

{{name}} bittet um einen Termin:

{{details}}`,
  ],
  [
    'certificate_issued',
    'de-DE',
    `Hallo {{name}},

herzlichen Glückwunsch, Sie haben die Schulung „{{courseTitle}}“ abgeschlossen. Ihre Teilnahmebescheinigung finden Sie hier:

{{link}}

Viele Grüße
{{clientName}}`,
  ],
  [
    'premium_invoice',
    'de-DE',
    `Hallo {{name}},

vielen Dank für Ihre Bestellung. Ihre Rechnung:

{{details}}

Sie können sie hier herunterladen: {{link}}

Viele Grüße
{{clientName}}`,
  ],
  [
    'premium_confirmation',
    'de-DE',
    `Hallo {{name}},

Ihr Premium-Zugang bei {{clientName}} ist jetzt aktiv:

{{details}}

Zu Ihren Kursen: {{link}}

Viele Grüße
{{clientName}}`,
  ],
  [
    'activation',
    'en-US',
    `Hello {{name}},

an account on the {{clientName}} training platform has been set up for you. Please set your password with this link:

{{link}}

The link is valid for 24 hours. If you have questions, write to {{supportEmail}}.

Kind regards
{{clientName}}`,
  ],
  [
    'password_reset',
    'en-US',
    `Hello {{name}},

you asked to reset your password. Use this link to choose a new one:

{{link}}

The link is valid for 24 hours and works only once. If you did not ask for this, you can ignore this e-mail.

Kind regards
{{clientName}}`,
  ],
  [
    'invitation',
    'en-US',
    `Hello {{name}},

you are invited to the training "{{courseTitle}}". Please complete it by {{deadline}}:

{{link}}

If you have questions, write to {{supportEmail}}.

Kind regards
{{clientName}}`,
  ],
  [
    'reminder',
    'en-US',
    `Hello {{name}},

this is a reminder of the training "{{courseTitle}}", which you have not completed yet. Please complete it by {{deadline}}:

{{link}}

Kind regards
{{clientName}}`,
  ],
  [
    'appointment_request',
    'en-US',
    `Hello {{firstName}} {{lastName}},

{{name}} asks for an appointment:

{{details}}`,
  ],
  [
    'certificate_issued',
    'en-US',
    `Hello {{name}},

congratulations, you have completed the training "{{courseTitle}}". Your certificate of participation is here:

{{link}}

Kind regards
{{clientName}}`,
  ],
  [
    'premium_invoice',
    'en-US',
    `Hello {{name}},

thank you for your order. Your invoice:

{{details}}

Download it here: {{link}}

Kind regards
{{clientName}}`,
  ],
  [
    'premium_confirmation',
    'en-US',
    `Hello {{name}},

your premium access at {{clientName}} is now active:

{{details}}

Go to your courses: {{link}}

Kind regards
{{clientName}}`,
  ],
  [
    'activation',
    'fr-FR',
    `Bonjour {{name}},

un accès à la plateforme de formation de {{clientName}} a été créé pour vous. Veuillez définir votre mot de passe avec ce lien :

{{link}}

Le lien est valable 24 heures. Pour toute question, écrivez à {{supportEmail}}.

Cordialement
{{clientName}}`,
  ],
  [
    'password_reset',
    'fr-FR',
    `Bonjour {{name}},

vous avez demandé la réinitialisation de votre mot de passe. Ce lien vous permet d’en choisir un nouveau :

{{link}}

Le lien est valable 24 heures et ne peut être utilisé qu’une fois. Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail.

Cordialement
{{clientName}}`,
  ],
  [
    'invitation',
    'fr-FR',
    `Bonjour {{name}},

vous êtes invité(e) à la formation « {{courseTitle}} ». Veuillez la terminer avant le {{deadline}} :

{{link}}

Pour toute question, écrivez à {{supportEmail}}.

Cordialement
{{clientName}}`,
  ],
  [
    'reminder',
    'fr-FR',
    `Bonjour {{name}},

nous vous rappelons la formation « {{courseTitle}} », que vous n’avez pas encore terminée. Veuillez la terminer avant le {{deadline}} :

{{link}}

Cordialement
{{clientName}}`,
  ],
  [
    'appointment_request',
    'fr-FR',
    `Bonjour {{firstName}} {{lastName}},

{{name}} demande un rendez-vous :

{{details}}`,
  ],
  [
    'certificate_issued',
    'fr-FR',
    `Bonjour {{name}},

félicitations, vous avez terminé la formation « {{courseTitle}} ». Votre attestation de participation se trouve ici :

{{link}}

Cordialement
{{clientName}}`,
  ],
  [
    'premium_invoice',
    'fr-FR',
    `Bonjour {{name}},

merci pour votre commande. Votre facture :

{{details}}

Téléchargez-la ici : {{link}}

Cordialement
{{clientName}}`,
  ],
  [
    'premium_confirmation',
    'fr-FR',
    `Bonjour {{name}},

votre accès premium chez {{clientName}} est maintenant actif :

{{details}}

Vers vos cours : {{link}}

Cordialement
{{clientName}}`,
  ],
];

/**
 * The default texts as this migration wrote them (the release of 2026-11-26): a frozen copy, so that what the
 * migration does never changes with later edits of the features' defaults (migration 0033 moves them on).
 */
const NEW_DEFAULT_TEXTS: [TMailTemplateKind, TLocale, string][] = [
  [
    'activation',
    'de-DE',
    `Hallo{{#name}} {{name}}{{/name}},

für Sie wurde ein Zugang zur Schulungsplattform von {{clientName}} eingerichtet. Bitte legen Sie über diesen Link Ihr Passwort fest:

{{link}}

Der Link ist 24 Stunden gültig.{{#supportEmail}} Bei Fragen erreichen Sie uns unter {{supportEmail}}.{{/supportEmail}}

Viele Grüße
{{clientName}}`,
  ],
  [
    'password_reset',
    'de-DE',
    `Hallo{{#name}} {{name}}{{/name}},

Sie haben angefordert, Ihr Passwort zurückzusetzen. Über diesen Link können Sie ein neues Passwort festlegen:

{{link}}

Der Link ist 24 Stunden gültig und kann nur einmal verwendet werden. Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren.

Viele Grüße
{{clientName}}`,
  ],
  [
    'invitation',
    'de-DE',
    `Hallo{{#name}} {{name}}{{/name}},

Sie sind zur Schulung „{{courseTitle}}“ eingeladen. Bitte schließen Sie sie{{#deadline}} bis zum {{deadline}}{{/deadline}} ab:

{{link}}

{{#supportEmail}}
Bei Fragen erreichen Sie uns unter {{supportEmail}}.

{{/supportEmail}}
Viele Grüße
{{clientName}}`,
  ],
  [
    'reminder',
    'de-DE',
    `Hallo{{#name}} {{name}}{{/name}},

wir möchten Sie an die Schulung „{{courseTitle}}“ erinnern, die Sie noch nicht abgeschlossen haben. Bitte schließen Sie sie{{#deadline}} bis zum {{deadline}}{{/deadline}} ab:

{{link}}

Viele Grüße
{{clientName}}`,
  ],
  [
    'appointment_request',
    'de-DE',
    `Hallo{{#firstName}} {{firstName}}{{/firstName}}{{#lastName}} {{lastName}}{{/lastName}},

{{name}} bittet um einen Termin:

{{details}}`,
  ],
  [
    'certificate_issued',
    'de-DE',
    `Hallo{{#name}} {{name}}{{/name}},

herzlichen Glückwunsch, Sie haben die Schulung „{{courseTitle}}“ abgeschlossen. Ihre Teilnahmebescheinigung finden Sie hier:

{{link}}

Viele Grüße
{{clientName}}`,
  ],
  [
    'premium_invoice',
    'de-DE',
    `Hallo{{#name}} {{name}}{{/name}},

vielen Dank für Ihre Bestellung. Ihre Rechnung:

{{details}}

{{#link}}
Sie können sie hier herunterladen: {{link}}

{{/link}}
Viele Grüße
{{clientName}}`,
  ],
  [
    'premium_confirmation',
    'de-DE',
    `Hallo{{#name}} {{name}}{{/name}},

Ihr Premium-Zugang bei {{clientName}} ist jetzt aktiv:

{{details}}

{{#link}}
Zu Ihren Kursen: {{link}}

{{/link}}
Viele Grüße
{{clientName}}`,
  ],
  [
    'activation',
    'en-US',
    `Hello{{#name}} {{name}}{{/name}},

an account on the {{clientName}} training platform has been set up for you. Please set your password with this link:

{{link}}

The link is valid for 24 hours.{{#supportEmail}} If you have questions, write to {{supportEmail}}.{{/supportEmail}}

Kind regards
{{clientName}}`,
  ],
  [
    'password_reset',
    'en-US',
    `Hello{{#name}} {{name}}{{/name}},

you asked to reset your password. Use this link to choose a new one:

{{link}}

The link is valid for 24 hours and works only once. If you did not ask for this, you can ignore this e-mail.

Kind regards
{{clientName}}`,
  ],
  [
    'invitation',
    'en-US',
    `Hello{{#name}} {{name}}{{/name}},

you are invited to the training "{{courseTitle}}". Please complete it{{#deadline}} by {{deadline}}{{/deadline}}:

{{link}}

{{#supportEmail}}
If you have questions, write to {{supportEmail}}.

{{/supportEmail}}
Kind regards
{{clientName}}`,
  ],
  [
    'reminder',
    'en-US',
    `Hello{{#name}} {{name}}{{/name}},

this is a reminder of the training "{{courseTitle}}", which you have not completed yet. Please complete it{{#deadline}} by {{deadline}}{{/deadline}}:

{{link}}

Kind regards
{{clientName}}`,
  ],
  [
    'appointment_request',
    'en-US',
    `Hello{{#firstName}} {{firstName}}{{/firstName}}{{#lastName}} {{lastName}}{{/lastName}},

{{name}} asks for an appointment:

{{details}}`,
  ],
  [
    'certificate_issued',
    'en-US',
    `Hello{{#name}} {{name}}{{/name}},

congratulations, you have completed the training "{{courseTitle}}". Your certificate of participation is here:

{{link}}

Kind regards
{{clientName}}`,
  ],
  [
    'premium_invoice',
    'en-US',
    `Hello{{#name}} {{name}}{{/name}},

thank you for your order. Your invoice:

{{details}}

{{#link}}
Download it here: {{link}}

{{/link}}
Kind regards
{{clientName}}`,
  ],
  [
    'premium_confirmation',
    'en-US',
    `Hello{{#name}} {{name}}{{/name}},

your premium access at {{clientName}} is now active:

{{details}}

{{#link}}
Go to your courses: {{link}}

{{/link}}
Kind regards
{{clientName}}`,
  ],
  [
    'activation',
    'fr-FR',
    `Bonjour{{#name}} {{name}}{{/name}},

un accès à la plateforme de formation de {{clientName}} a été créé pour vous. Veuillez définir votre mot de passe avec ce lien :

{{link}}

Le lien est valable 24 heures.{{#supportEmail}} Pour toute question, écrivez à {{supportEmail}}.{{/supportEmail}}

Cordialement
{{clientName}}`,
  ],
  [
    'password_reset',
    'fr-FR',
    `Bonjour{{#name}} {{name}}{{/name}},

vous avez demandé la réinitialisation de votre mot de passe. Ce lien vous permet d’en choisir un nouveau :

{{link}}

Le lien est valable 24 heures et ne peut être utilisé qu’une fois. Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail.

Cordialement
{{clientName}}`,
  ],
  [
    'invitation',
    'fr-FR',
    `Bonjour{{#name}} {{name}}{{/name}},

vous êtes invité(e) à la formation « {{courseTitle}} ». Veuillez la terminer{{#deadline}} avant le {{deadline}}{{/deadline}} :

{{link}}

{{#supportEmail}}
Pour toute question, écrivez à {{supportEmail}}.

{{/supportEmail}}
Cordialement
{{clientName}}`,
  ],
  [
    'reminder',
    'fr-FR',
    `Bonjour{{#name}} {{name}}{{/name}},

nous vous rappelons la formation « {{courseTitle}} », que vous n’avez pas encore terminée. Veuillez la terminer{{#deadline}} avant le {{deadline}}{{/deadline}} :

{{link}}

Cordialement
{{clientName}}`,
  ],
  [
    'appointment_request',
    'fr-FR',
    `Bonjour{{#firstName}} {{firstName}}{{/firstName}}{{#lastName}} {{lastName}}{{/lastName}},

{{name}} demande un rendez-vous :

{{details}}`,
  ],
  [
    'certificate_issued',
    'fr-FR',
    `Bonjour{{#name}} {{name}}{{/name}},

félicitations, vous avez terminé la formation « {{courseTitle}} ». Votre attestation de participation se trouve ici :

{{link}}

Cordialement
{{clientName}}`,
  ],
  [
    'premium_invoice',
    'fr-FR',
    `Bonjour{{#name}} {{name}}{{/name}},

merci pour votre commande. Votre facture :

{{details}}

{{#link}}
Téléchargez-la ici : {{link}}

{{/link}}
Cordialement
{{clientName}}`,
  ],
  [
    'premium_confirmation',
    'fr-FR',
    `Bonjour{{#name}} {{name}}{{/name}},

votre accès premium chez {{clientName}} est maintenant actif :

{{details}}

{{#link}}
Vers vos cours : {{link}}

{{/link}}
Cordialement
{{clientName}}`,
  ],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const k = db as unknown as Kysely<{
    mail_templates: { id: string; standard_kind: string | null };
    mail_template_locales: { template_id: string; locale: string; body_text: string };
  }>;
  const newText = new Map(NEW_DEFAULT_TEXTS.map(([kind, locale, text]) => [`${kind}|${locale}`, text]));
  for (const [kind, locale, old] of OLD_DEFAULT_TEXTS) {
    const text = newText.get(`${kind}|${locale}`);
    if (text === undefined) throw new Error(`migration 0026: no new text for ${kind} ${locale}`);
    await k
      .updateTable('mail_template_locales')
      .set({ body_text: text })
      .where('locale', '=', locale)
      .where('body_text', '=', old)
      .where('template_id', 'in', k.selectFrom('mail_templates').select('id').where('standard_kind', '=', kind))
      .execute();
  }
}
