import type { TLocale } from '@lms/contracts/constants';
import { escapeHtml } from '../templates';
import type {
  readAppointments,
  readCertificates,
  readMessages,
  readProfile,
  readTrainings,
} from './gdpr-export.repository';
import { GDPR_TEXTS } from './gdpr-texts';

interface SummaryData {
  generatedAt: string;
  profile: Awaited<ReturnType<typeof readProfile>>;
  trainings: Awaited<ReturnType<typeof readTrainings>>;
  certificates: Awaited<ReturnType<typeof readCertificates>>;
  messages: Awaited<ReturnType<typeof readMessages>>;
  appointments: Awaited<ReturnType<typeof readAppointments>>;
}

const dateOf = (iso: string | null | undefined, locale: TLocale) =>
  iso ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso)) : '–';

/**
 * The readable part of an export: a self-contained HTML page in the person's language (no script, no remote
 * resource), summing up what the JSON files hold in full.
 */
export function exportSummaryHtml(locale: TLocale, d: SummaryData): string {
  const t = GDPR_TEXTS[locale];
  const e = (v: string | number | boolean | null | undefined) =>
    escapeHtml(v === null || v === undefined || v === '' ? '–' : String(v));
  const u = d.profile.user;
  const row = (label: string, value: string | number | null | undefined) =>
    `<tr><th scope="row">${e(label)}</th><td>${e(value)}</td></tr>`;
  const table = (head: string[], rows: (string | number | null)[][]) =>
    rows.length === 0
      ? `<p>${e(t.none)}</p>`
      : `<table><thead><tr>${head.map((h) => `<th scope="col">${e(h)}</th>`).join('')}</tr></thead><tbody>${rows
          .map((r) => `<tr>${r.map((c) => `<td>${e(c)}</td>`).join('')}</tr>`)
          .join('')}</tbody></table>`;
  return `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><title>${e(t.title)}</title>
<style>body{font-family:sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;line-height:1.5}table{border-collapse:collapse;margin:.5rem 0 1.5rem}th,td{border:1px solid #999;padding:.25rem .5rem;text-align:left;vertical-align:top}</style>
</head>
<body>
<h1>${e(t.title)}</h1>
<p>${e(t.intro)}</p>
<p>${e(t.generatedAt)}: ${e(dateOf(d.generatedAt, locale))}</p>
<h2>${e(t.profile)}</h2>
<table><tbody>
${row(t.name, u ? `${u.firstName} ${u.lastName}` : '')}
${row(t.email, u?.email)}
${row(t.username, u?.username)}
${row(t.personnelNumber, u?.personnelNumber)}
${row(t.company, u?.company)}
${row(t.groups, d.profile.groups.map((g) => g.name).join(', '))}
</tbody></table>
<h2>${e(t.trainings)}</h2>
${table(
  [t.course, t.status, t.completedAt],
  d.trainings.participations.map((p) => [p.courseTitle, p.status, dateOf(p.completedAt, locale)]),
)}
<h2>${e(t.certificates)}</h2>
${table(
  [t.course, t.issuedAt],
  d.certificates.map((c) => [c.courseTitle, dateOf(c.issuedAt, locale)]),
)}
<h2>${e(t.messages)}</h2>
<table><tbody>
${row(t.received, d.messages.received.length)}
${row(t.sent, d.messages.sent.length + d.messages.systemMessagesSent.length)}
</tbody></table>
<h2>${e(t.appointments)}</h2>
${table(
  [t.issuedAt],
  d.appointments.map((a) => [dateOf(a.createdAt, locale)]),
)}
<h2>${e(t.audit)}</h2>
<p>${e(t.auditEntries)}: audit.json</p>
<h2>${e(t.files)}</h2>
<p>${e(t.filesText)}</p>
</body>
</html>
`;
}
