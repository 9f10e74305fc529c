import { notifications } from '@mantine/notifications';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import i18n from './i18n';
import { isApiError } from './api-client';
import { errorCodeKey } from './error-keys';

/**
 * The translated text of an error (ARCHITECTURE section 5: the web app shows the translated text of the code).
 * Keys live in the `errors` namespace by code; anything that is not an API error is "unknown". The namespace is not
 * one of the first visit's: lib/api-client.ts loads it before it hands on an API error (lib/i18n.ts loadErrorTexts).
 */
export function errorTextKey(err: unknown): string {
  return errorCodeKey(isApiError(err) ? err.code : 'unknown_error');
}

/**
 * A wrong file type names what the field takes when the server says so (`details.expected`, e.g. ['pdf']): "Only PDF
 * files are allowed" instead of the catalogue's general text (issue 12: a ZIP uploaded as a course PDF).
 */
function withParams(err: unknown, t: (key: string | string[], options?: Record<string, unknown>) => string): string {
  const expected = isApiError(err) && err.code === 'unknown_file_type' ? err.details?.expected : undefined;
  if (Array.isArray(expected) && expected.length > 0)
    return t('forms:onlyFileTypes', { types: expected.map((x) => String(x).toUpperCase()).join(', ') });
  // A CSV file in an encoding the import cannot read: the text names the first line that is wrong (issue 28).
  const line = isApiError(err) && err.code === 'csv_encoding' ? err.details?.line : undefined;
  if (typeof line === 'number') return t(errorTextKey(err), { line });
  // Offline, the error texts may not have come: the frame's own connection text stands in.
  if (isApiError(err) && err.code === 'network_error') return t([errorTextKey(err), 'common:connectionError.text']);
  return t(errorTextKey(err));
}

export function errorText(err: unknown): string {
  return withParams(err, (key, options) => i18n.t(key, options));
}

export function useErrorText(): (err: unknown) => string {
  const { t } = useTranslation(['errors', 'forms']);
  return useCallback((err: unknown) => withParams(err, (key, options) => t(key, options)), [t]);
}

/** A red notification with the translated error; for mutations that have no form to show it in. */
export function showApiError(err: unknown): void {
  notifications.show({
    color: 'red',
    title: i18n.t('common:errorTitle'),
    message: errorText(err),
    // Under a title Mantine greys the message to 3.3:1 on white (WCAG 1.4.3 needs 4.5:1); the close button has no name.
    styles: { description: { color: 'var(--mantine-color-text)' } },
    closeButtonProps: { 'aria-label': i18n.t('common:closeNotice') },
  });
}
