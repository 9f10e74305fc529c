/**
 * The key of an error code's text, in the `errors` namespace (lib/i18n.ts loadErrorTexts). A component whose `t` it
 * is handed to names `errors` in its useTranslation. A module of its own: lib/error-text.ts brings i18next's set-up.
 */
export const errorCodeKey = (code: string): string => `errors:${code}`;
