import type { TLocale } from '@lms/contracts/constants';
import type { TMailPlaceholder, TMailTemplateKind, TMailValues } from '@lms/contracts/mail-templates';

// What the tests of the default texts and of the branded layout read a mail with (default-templates.test.ts,
// mail-layout.test.ts).

/**
 * The values a mail of each kind may come without (issue 28 point 12): a training without a deadline, a client
 * without a support address, an account or a contact without a name. The others are always sent.
 */
export const OPTIONAL: Record<TMailTemplateKind, TMailPlaceholder[]> = {
  activation: ['name', 'supportEmail'],
  password_reset: ['name'],
  forgot_username: [],
  invitation: ['name', 'deadline', 'supportEmail'],
  reminder: ['name', 'deadline'],
  data_change_request: [],
  appointment_request: ['firstName', 'lastName'],
  certificate_issued: ['name'],
  premium_invoice: ['name', 'link'],
  premium_confirmation: ['name', 'link'],
  gdpr_export_ready: ['name'],
  inactivity_warning: ['name'],
  recertification_due: ['name'],
  certification_expired: ['name'],
  recertification_due_coordinator: ['name'],
  certification_expired_coordinator: ['name'],
  // Issue 31 point 4: each of the digest's three sections may be empty (it is not sent when all three are).
  digest: ['name', 'overdue', 'expiring', 'completed'],
};

export const FULL: TMailValues = {
  firstName: 'Erika',
  lastName: 'Müller',
  name: 'Erika Müller',
  courseTitle: 'Datenschutz',
  deadline: '2027-03-12',
  link: 'https://demo.example/course/1',
  clientName: 'Demo GmbH',
  supportEmail: 'support@demo.example',
  details: 'Name: Erika Müller\nE-Mail: erika@demo.example',
  period: '1. März 2027 – 7. März 2027',
  overdue: '- Vertrieb: 2\n  https://demo.example/reports/attention?state=overdue&group=g1',
  expiring: '- Vertrieb: 1\n  https://demo.example/reports/attention?state=expiring&group=g1',
  completed: '- Vertrieb: 4\n  https://demo.example/reports?from=2027-03-01&to=2027-03-07&group=g1',
};

/** Words that wait for the value that follows them; at a line's end or before punctuation something is missing. */
const DANGLING: Record<TLocale, string[]> = {
  'de-DE': ['bis zum', 'bis', 'unter', 'an', 'von', 'für', 'Hallo'],
  'en-US': ['by', 'to', 'at', 'from', 'for', 'Hello'],
  'fr-FR': ['avant le', 'à', 'de', 'pour', 'Bonjour'],
};

export function problemsOf(text: string, locale: TLocale): string[] {
  const found: string[] = [];
  if (text.includes('{{') || text.includes('}}')) found.push('leftover braces');
  for (const line of text.split('\n')) {
    if (/\S {2,}/.test(line)) found.push(`doubled space: ${line}`);
    if (/ $/.test(line)) found.push(`space at the end: ${line}`);
    // French sets a space before : ; ! ? and inside « »; no language before , or .
    const before = locale === 'fr-FR' ? /\s[,.]/ : /\s[,.:;!?]/;
    if (before.test(line)) found.push(`space before punctuation: ${line}`);
    if (/„“|""|«\s*»|\(\s*\)/.test(line)) found.push(`empty quotes: ${line}`);
    for (const word of DANGLING[locale]) {
      const w = word.replace(/ /g, '\\s+');
      if (new RegExp(`(^|\\s)${w}\\s*([,.:;!?]|$)`, 'i').test(line) && !/^(Hallo|Hello|Bonjour),$/.test(line))
        found.push(`dangling "${word}": ${line}`);
    }
  }
  if (/\n{3,}/.test(text)) found.push('more than one blank line');
  return found;
}

export const without = (drop: readonly TMailPlaceholder[]): TMailValues =>
  Object.fromEntries(Object.entries(FULL).filter(([k]) => !drop.includes(k as TMailPlaceholder)));
