import i18n from '../lib/i18n';
import { isApiError } from '../lib/api-client';

/**
 * The fields a 400 `validation_failed` named (`details.fields[].field`, e.g. `body.locales.en-US.subject`), keyed by
 * the path inside the request body (`locales.en-US.subject`), each with a text in the reader's language: the
 * server's own message is a developer's (English, zod's wording), so only its kind is read from it.
 */
export type FieldErrors = Readonly<Record<string, string>>;

const textOf = (message: string): string => {
  if (/>=\s*1 (character|item)|required|expected \w+, received (undefined|null)/i.test(message))
    return i18n.t('forms:fieldRequired');
  if (/too big|<=\s*\d+ character/i.test(message)) return i18n.t('forms:fieldTooLong');
  return i18n.t('forms:fieldInvalid');
};

export function fieldErrorsOf(err: unknown): FieldErrors {
  if (!isApiError(err) || err.code !== 'validation_failed') return {};
  const fields = err.details?.fields;
  if (!Array.isArray(fields)) return {};
  // Keyed by paths the server names: a table without a prototype, so no path reads or sets an inherited property.
  const out = Object.create(null) as Record<string, string>;
  for (const f of fields as unknown[]) {
    if (!f || typeof f !== 'object') continue;
    const { field, message } = f as { field?: unknown; message?: unknown };
    if (typeof field !== 'string') continue;
    const path = field.replace(/^(body|querystring|params)\./, '');
    out[path] ??= textOf(typeof message === 'string' ? message : '');
  }
  return out;
}

/** The text for one field: its own path or a part below it (`subject` for `subject.0`). */
export const errorAt = (errors: FieldErrors, path: string): string | undefined =>
  (Object.hasOwn(errors, path) ? errors[path] : undefined) ??
  Object.entries(errors).find(([k]) => k.startsWith(`${path}.`))?.[1];

/** Whether any field at or below `prefix` is marked: a tab marks itself when one of its fields is. */
export const hasErrorUnder = (errors: FieldErrors, prefix: string): boolean =>
  Object.keys(errors).some((k) => k === prefix || k.startsWith(`${prefix}.`));
