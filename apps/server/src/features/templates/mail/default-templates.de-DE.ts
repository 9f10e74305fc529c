import type { DefaultTemplateSet } from './default-templates';

export const DE_DE: DefaultTemplateSet = {
  activation: {
    name: 'Kontoaktivierung',
    subject: 'Ihr Zugang zur Schulungsplattform von {{clientName}}',
    bodyText: `Hallo{{#name}} {{name}}{{/name}},

für Sie wurde ein Zugang zur Schulungsplattform von {{clientName}} eingerichtet. Bitte legen Sie über diesen Link Ihr Passwort fest:

{{link}}

Der Link ist 24 Stunden gültig.{{#supportEmail}} Bei Fragen erreichen Sie uns unter {{supportEmail}}.{{/supportEmail}}

Viele Grüße
{{clientName}}`,
  },
  password_reset: {
    name: 'Passwort zurücksetzen',
    subject: 'Passwort zurücksetzen – {{clientName}}',
    bodyText: `Hallo{{#name}} {{name}}{{/name}},

Sie haben angefordert, Ihr Passwort zurückzusetzen. Über diesen Link können Sie ein neues Passwort festlegen:

{{link}}

Der Link ist 24 Stunden gültig und kann nur einmal verwendet werden. Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren.

Viele Grüße
{{clientName}}`,
  },
  forgot_username: {
    name: 'Benutzername vergessen',
    subject: 'Anfrage „Benutzername vergessen“ von {{name}}',
    bodyText: `Hallo,

{{name}} hat über die Schulungsplattform von {{clientName}} den Benutzernamen angefragt:

{{details}}`,
  },
  invitation: {
    name: 'Einladung zur Schulung',
    subject: 'Einladung zur Schulung „{{courseTitle}}“',
    bodyText: `Hallo{{#name}} {{name}}{{/name}},

Sie sind zur Schulung „{{courseTitle}}“ eingeladen. Bitte schließen Sie sie{{#deadline}} bis zum {{deadline}}{{/deadline}} ab:

{{link}}

{{#supportEmail}}
Bei Fragen erreichen Sie uns unter {{supportEmail}}.

{{/supportEmail}}
Viele Grüße
{{clientName}}`,
  },
  reminder: {
    name: 'Erinnerung an die Schulung',
    subject: 'Erinnerung: Schulung „{{courseTitle}}“',
    bodyText: `Hallo{{#name}} {{name}}{{/name}},

wir möchten Sie an die Schulung „{{courseTitle}}“ erinnern, die Sie noch nicht abgeschlossen haben. Bitte schließen Sie sie{{#deadline}} bis zum {{deadline}}{{/deadline}} ab:

{{link}}

Viele Grüße
{{clientName}}`,
  },
  data_change_request: {
    name: 'Änderungsanfrage zu Benutzerdaten',
    subject: 'Änderungsanfrage von {{name}}',
    bodyText: `Hallo,

{{name}} bittet um eine Änderung der eigenen Daten:

{{details}}`,
  },
  appointment_request: {
    name: 'Terminanfrage',
    subject: 'Terminanfrage von {{name}}',
    bodyText: `Hallo{{#firstName}} {{firstName}}{{/firstName}}{{#lastName}} {{lastName}}{{/lastName}},

{{name}} bittet um einen Termin:

{{details}}`,
  },
  certificate_issued: {
    name: 'Zertifikat',
    subject: 'Ihr Zertifikat für „{{courseTitle}}“',
    bodyText: `Hallo{{#name}} {{name}}{{/name}},

herzlichen Glückwunsch, Sie haben die Schulung „{{courseTitle}}“ abgeschlossen. Ihr Zertifikat finden Sie hier:

{{link}}

Viele Grüße
{{clientName}}`,
  },
  premium_invoice: {
    name: 'Premium-Rechnung',
    subject: 'Ihre Rechnung von {{clientName}}',
    bodyText: `Hallo{{#name}} {{name}}{{/name}},

vielen Dank für Ihre Bestellung. Ihre Rechnung:

{{details}}

{{#link}}
Sie können sie hier herunterladen: {{link}}

{{/link}}
Viele Grüße
{{clientName}}`,
  },
  premium_confirmation: {
    name: 'Premium-Bestätigung',
    subject: 'Ihr Premium-Zugang ist aktiv',
    bodyText: `Hallo{{#name}} {{name}}{{/name}},

Ihr Premium-Zugang bei {{clientName}} ist jetzt aktiv:

{{details}}

{{#link}}
Zu Ihren Kursen: {{link}}

{{/link}}
Viele Grüße
{{clientName}}`,
  },
  gdpr_export_ready: {
    name: 'Datenauskunft bereit',
    subject: 'Ihre Datenauskunft ist bereit – {{clientName}}',
    bodyText: `Hallo{{#name}} {{name}}{{/name}},

die angeforderte Datenauskunft (Art. 15 und 20 DSGVO) ist fertig. Nach der Anmeldung laden Sie sie hier herunter:

{{link}}

Die Datei steht einige Tage bereit und wird danach gelöscht.

Viele Grüße
{{clientName}}`,
  },
  inactivity_warning: {
    name: 'Hinweis auf Inaktivität',
    subject: 'Ihr Zugang bei {{clientName}} wird nicht mehr genutzt',
    bodyText: `Hallo{{#name}} {{name}}{{/name}},

Sie haben sich längere Zeit nicht bei der Schulungsplattform von {{clientName}} angemeldet. {{details}}

Wenn Sie den Zugang behalten möchten, genügt eine Anmeldung bis zum {{deadline}}:

{{link}}

Viele Grüße
{{clientName}}`,
  },
  recertification_due: {
    name: 'Rezertifizierung fällig',
    subject: 'Zeit zur Auffrischung: „{{courseTitle}}“',
    bodyText: `Hallo{{#name}} {{name}}{{/name}},

Ihr Abschluss der Schulung „{{courseTitle}}“ ist bis zum {{deadline}} gültig. Bitte absolvieren Sie die Schulung bis dahin erneut, um ihn zu verlängern:

{{link}}

Viele Grüße
{{clientName}}`,
  },
  certification_expired: {
    name: 'Zertifizierung abgelaufen',
    subject: 'Ihre Zertifizierung für „{{courseTitle}}“ ist abgelaufen',
    bodyText: `Hallo{{#name}} {{name}}{{/name}},

Ihr Abschluss der Schulung „{{courseTitle}}“ war bis zum {{deadline}} gültig und ist nun abgelaufen. Bitte absolvieren Sie die Schulung erneut:

{{link}}

Viele Grüße
{{clientName}}`,
  },
  recertification_due_coordinator: {
    name: 'Rezertifizierung fällig (Koordination)',
    subject: 'Auffrischung geöffnet: „{{courseTitle}}“',
    bodyText: `Hallo{{#name}} {{name}}{{/name}},

für diese Teilnehmenden hat der Zeitraum zur Auffrischung der Schulung „{{courseTitle}}“ begonnen:

{{details}}

Zur Statusübersicht: {{link}}

Viele Grüße
{{clientName}}`,
  },
  certification_expired_coordinator: {
    name: 'Zertifizierung abgelaufen (Koordination)',
    subject: 'Zertifizierungen abgelaufen: „{{courseTitle}}“',
    bodyText: `Hallo{{#name}} {{name}}{{/name}},

für diese Teilnehmenden ist die Zertifizierung der Schulung „{{courseTitle}}“ ohne Auffrischung abgelaufen:

{{details}}

Zur Statusübersicht: {{link}}

Viele Grüße
{{clientName}}`,
  },
  digest: {
    name: 'Wochenübersicht (Koordination)',
    subject: 'Ihre Wochenübersicht: {{period}}',
    bodyText: `Hallo{{#name}} {{name}}{{/name}},

hier ist Ihre Wochenübersicht über Ihre Gruppen ({{period}}). Jede Zahl führt zum Bericht mit denselben Filtern.

Seit der letzten Übersicht überfällig (Frist verstrichen, Schulung nicht abgeschlossen):
{{#overdue}}
{{overdue}}
{{/overdue}}
{{^overdue}}
Keine neuen überfälligen Schulungen.
{{/overdue}}

Zertifizierungen, die in den nächsten 30 Tagen ablaufen:
{{#expiring}}
{{expiring}}
{{/expiring}}
{{^expiring}}
Keine Zertifizierung läuft in den nächsten 30 Tagen ab.
{{/expiring}}

In dieser Woche abgeschlossen:
{{#completed}}
{{completed}}
{{/completed}}
{{^completed}}
In dieser Woche hat niemand eine Schulung abgeschlossen.
{{/completed}}

Alle überfälligen Teilnehmenden Ihrer Gruppen: {{link}}

Sie erhalten diese E-Mail als Koordinator. Auf Ihrer Kontoseite können Sie die Wochenübersicht abbestellen.

Viele Grüße
{{clientName}}`,
  },
};
