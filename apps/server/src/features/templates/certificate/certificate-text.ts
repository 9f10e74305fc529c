import type { TLocale } from '@lms/contracts/constants';
import {
  CERTIFICATE_PLACEHOLDERS,
  type TCertificatePlaceholder,
  type TCertificateTemplateContent,
  type TCertificateValues,
} from '@lms/contracts/certificates';

// The texts of a certificate (DECISIONS "certificate"): placeholders, the built-in default texts a new template
// starts from, and how the values are written in the certificate's locale.

/** `{{ name }}` with optional spaces inside the braces; anything between double braces counts as a placeholder. */
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;
const KNOWN: ReadonlySet<string> = new Set(CERTIFICATE_PLACEHOLDERS);

/** The placeholders in a text that a certificate does not know (refused at save time, as for mail templates). */
export function findUnknownCertificatePlaceholders(text: string | null | undefined): string[] {
  if (!text) return [];
  const unknown = new Set<string>();
  for (const m of text.matchAll(PLACEHOLDER)) if (!KNOWN.has(m[1] ?? '')) unknown.add(m[1] ?? '');
  return [...unknown];
}

export const fillCertificateText = (text: string, values: TCertificateValues): string =>
  text.replace(PLACEHOLDER, (_all, key: string) => (KNOWN.has(key) ? values[key as TCertificatePlaceholder] : ''));

const DEFAULTS: Record<TLocale, TCertificateTemplateContent> = {
  'de-DE': {
    subtitle: 'Teilnahmezertifikat',
    body: '{{name}} hat am {{date}} die Schulung „{{course}}“ erfolgreich abgeschlossen.\n\nDauer: {{duration}}',
  },
  'en-US': {
    subtitle: 'Certificate of participation',
    body: '{{name}} successfully completed the training “{{course}}” on {{date}}.\n\nDuration: {{duration}}',
  },
  'fr-FR': {
    subtitle: 'Attestation de participation',
    body: '{{name}} a suivi avec succès la formation « {{course}} » le {{date}}.\n\nDurée : {{duration}}',
  },
};

export const defaultCertificateContent = (locale: TLocale): TCertificateTemplateContent => DEFAULTS[locale];

/** The completion day as the locale writes it; UTC, as the mail templates write dates. */
export const formatCertificateDate = (iso: string, locale: TLocale): string =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

/** "1 Stunde, 30 Minuten", "1 hour, 30 minutes", "1 heure et 30 minutes"; "0 Minuten" for a course of no time. */
export function formatCertificateDuration(totalMinutes: number, locale: TLocale): string {
  const minutes = Math.max(0, Math.round(totalMinutes));
  const unit = (value: number, name: 'hour' | 'minute') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'long' }).format(value);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [
    ...(hours > 0 ? [unit(hours, 'hour')] : []),
    ...(rest > 0 || hours === 0 ? [unit(rest, 'minute')] : []),
  ];
  return new Intl.ListFormat(locale, { type: 'unit', style: 'long' }).format(parts);
}

const SAMPLE_NAMES: Record<TLocale, { name: string; course: string }> = {
  'de-DE': { name: 'Erika Müller', course: 'Datenschutz-Grundlagen' },
  'en-US': { name: 'Jane Doe', course: 'Data protection basics' },
  'fr-FR': { name: 'Chloé Dupont', course: 'Les bases de la protection des données' },
};

/** What the preview fills in: a sample person and course, today, 90 minutes. */
export function sampleCertificateValues(locale: TLocale, now = new Date()): TCertificateValues {
  return {
    ...SAMPLE_NAMES[locale],
    date: formatCertificateDate(now.toISOString(), locale),
    duration: formatCertificateDuration(90, locale),
  };
}

const STARTS_WITH_NAME = /^\s*\{\{\s*name\s*\}\}[ \t]*/;

/**
 * Issue 32 point 2: a design sets the holder's name large when the body starts with `{{name}}` (every default
 * body does): the name, and the rest of the body filled in. Any other body is filled in whole.
 */
export function splitCertificateBody(body: string, values: TCertificateValues): { hero: string | null; body: string } {
  if (!STARTS_WITH_NAME.test(body) || values.name.trim() === '')
    return { hero: null, body: fillCertificateText(body, values) };
  return { hero: values.name, body: fillCertificateText(body.replace(STARTS_WITH_NAME, ''), values) };
}
