// The demo client's imprint and privacy policy (issue 32 point 4: the demo's legal pages were empty), for a fictional
// company. A client keeps one text per kind, so each is one Markdown document with a part per language: the German
// part first (a German company's imprint is German), then English and French. Stored as an admin's MARKDOWN text.

export const DEMO_COMPANY = {
  name: 'Demo GmbH',
  street: 'Lindenallee',
  houseNumber: '42',
  zip: '10115',
  city: 'Berlin',
} as const;

export const DEMO_IMPRINT = `## Deutsch

**Demo GmbH**\\
Lindenallee 42\\
10115 Berlin\\
Deutschland

Telefon: +49 30 555 0142\\
E-Mail: support@demo.example

Vertreten durch die Geschäftsführerin Dr. Helene Sommer.\\
Eingetragen im Handelsregister des Amtsgerichts Berlin-Charlottenburg unter HRB 123456 B.\\
Umsatzsteuer-Identifikationsnummer nach § 27a UStG: DE123456789

Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV: Dr. Helene Sommer, Anschrift wie oben.

Wir sind nicht verpflichtet und nicht bereit, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen.

## English

**Demo GmbH** (limited liability company under German law)\\
Lindenallee 42, 10115 Berlin, Germany

Phone: +49 30 555 0142\\
E-mail: support@demo.example

Represented by its managing director, Dr. Helene Sommer.\\
Registered at the commercial register of the Berlin-Charlottenburg local court under HRB 123456 B.\\
VAT identification number: DE123456789

## Français

**Demo GmbH** (société à responsabilité limitée de droit allemand)\\
Lindenallee 42, 10115 Berlin, Allemagne

Téléphone : +49 30 555 0142\\
E-mail : support@demo.example

Représentée par sa gérante, Dr Helene Sommer.\\
Immatriculée au registre du commerce du tribunal d'instance de Berlin-Charlottenburg sous le numéro HRB 123456 B.\\
Numéro de TVA intracommunautaire : DE123456789
`;

export const DEMO_PRIVACY_POLICY = `## Deutsch

### Verantwortlicher
Demo GmbH, Lindenallee 42, 10115 Berlin. Unsere Datenschutzbeauftragte erreichen Sie unter datenschutz@demo.example.

### Welche Daten wir verarbeiten
Für die Lernplattform verarbeiten wir Ihren Namen, Ihre E-Mail-Adresse, Ihre Gruppen sowie Ihren Lernfortschritt (begonnene und abgeschlossene Module, Ergebnisse, Teilnahmebescheinigungen). Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO in Verbindung mit § 26 BDSG: Die Schulungen sind Teil Ihres Arbeitsverhältnisses.

### Wie lange wir Daten speichern
Ihre Daten speichern wir, solange Ihr Zugang besteht. Teilnahmebescheinigungen bewahren wir so lange auf, wie gesetzliche Nachweispflichten es verlangen.

### Cookies
Die Plattform setzt nur ein technisch notwendiges Cookie für Ihre Anmeldung. Es gibt keine Analyse- oder Werbe-Cookies.

### Ihre Rechte
Sie haben das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung, Datenübertragbarkeit und Widerspruch. Außerdem können Sie sich bei einer Datenschutz-Aufsichtsbehörde beschweren, etwa bei der Berliner Beauftragten für Datenschutz und Informationsfreiheit.

## English

### Controller
Demo GmbH, Lindenallee 42, 10115 Berlin, Germany. You can reach our data protection officer at datenschutz@demo.example.

### What data we process
For the learning platform we process your name, your e-mail address, your groups and your learning progress (modules started and completed, results, certificates of participation). The legal basis is Art. 6(1)(b) GDPR together with section 26 of the German Federal Data Protection Act: the trainings are part of your employment.

### How long we keep data
We keep your data for as long as your account exists. Certificates of participation are kept for as long as legal record-keeping duties require.

### Cookies
The platform sets only one strictly necessary cookie for your sign-in. There are no analytics or advertising cookies.

### Your rights
You have the right of access, rectification, erasure, restriction of processing, data portability and objection. You may also lodge a complaint with a data protection supervisory authority.

## Français

### Responsable du traitement
Demo GmbH, Lindenallee 42, 10115 Berlin, Allemagne. Vous pouvez joindre notre déléguée à la protection des données à l'adresse datenschutz@demo.example.

### Données traitées
Pour la plateforme de formation, nous traitons votre nom, votre adresse e-mail, vos groupes et votre progression (modules commencés et terminés, résultats, attestations de participation). La base légale est l'article 6, paragraphe 1, point b du RGPD : les formations font partie de votre relation de travail.

### Durée de conservation
Nous conservons vos données tant que votre compte existe. Les attestations de participation sont conservées aussi longtemps que les obligations légales de preuve l'exigent.

### Cookies
La plateforme n'utilise qu'un seul cookie strictement nécessaire à votre connexion. Il n'y a aucun cookie d'analyse ni de publicité.

### Vos droits
Vous disposez d'un droit d'accès, de rectification, d'effacement, de limitation du traitement, de portabilité et d'opposition. Vous pouvez également introduire une réclamation auprès d'une autorité de contrôle de la protection des données.
`;
