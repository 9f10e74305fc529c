import { DEFAULT_LOCALE, FALLBACK_LOCALE, LOCALES, type TLocale } from '@lms/contracts/constants';
import i18n, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Every `locales/<locale>/<namespace>.json` is picked up by this glob, so a feature adds its namespace by adding
 * files, without touching this module. de-DE is the default, en-US the fallback (spec section 9).
 */
const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' });

const resources: Resource = {};
const namespaces = new Set<string>();
for (const [file, content] of Object.entries(files)) {
  const m = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
  if (!m?.[1] || !m[2]) continue;
  const [, locale, ns] = m;
  resources[locale] = { ...resources[locale], [ns]: content };
  namespaces.add(ns);
}

const LOCAL_KEY = 'lms.locale';

export const isLocale = (value: unknown): value is TLocale => LOCALES.includes(value as TLocale);

/** The locale chosen on this device before sign-in (the signed-in user's locale wins after login). */
export function storedLocale(): TLocale {
  const saved = localStorage.getItem(LOCAL_KEY);
  return isLocale(saved) ? saved : DEFAULT_LOCALE;
}

export function rememberLocale(locale: TLocale): void {
  localStorage.setItem(LOCAL_KEY, locale);
}

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLocale(),
  fallbackLng: FALLBACK_LOCALE,
  supportedLngs: [...LOCALES],
  ns: [...namespaces],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});

// The document language follows the UI language, for screen readers and hyphenation (WCAG 3.1.1).
const applyLang = (lng: string) => document.documentElement.setAttribute('lang', lng);
applyLang(i18n.language);
i18n.on('languageChanged', applyLang);

export default i18n;
