// Migration 0013's frozen copy of the FAQ and About texts it seeded (de-DE), as written on 2026-11-25; migration 0033 moves them on.

export const FAQ_DE = `Hier finden Sie Antworten auf häufige Fragen zur Lernplattform. Nutzen Sie die Suche, um eine Frage schnell zu finden.

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
`;

export const ABOUT_DE = `Diese Lernplattform stellt Ihrem Unternehmen Online-Schulungen bereit: Pflichtunterweisungen, Produktschulungen und alles, was Ihre Mitarbeitenden wissen müssen.

## So funktioniert es
- **Kurse** bestehen aus Modulen: interaktiven SCORM-Lerneinheiten und PDF-Dokumenten.
- **Schulungen** weisen einen Kurs einer oder mehreren Gruppen zu, mit Starttermin und Frist.
- **Koordinatorinnen und Koordinatoren** sehen den Fortschritt ihrer Gruppen und erinnern an offene Schulungen.
- **Zertifikate** werden beim Abschluss automatisch erstellt und stehen als PDF bereit.

## Datenschutz
Ihr Unternehmen ist ein eigener Mandant: Seine Daten sind von denen anderer Unternehmen getrennt. Impressum und Datenschutzerklärung finden Sie unten auf jeder Seite.
`;
