import { DEFAULT_LOCALE, LOCALES, type TLocale } from '@lms/contracts/constants';
import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FIRST_NAMESPACES } from './i18n-namespaces';

/**
 * Every `locales/<locale>/<namespace>.json` is picked up by this glob, so a feature adds its namespace by adding
 * files, without touching this module. Each file is a chunk of its own, fetched when its language is active and a
 * component asks for its namespace: a visit downloads one language, not three (the first visit's budget,
 * e2e/first-visit.e2e.ts).
 */
const loaders = import.meta.glob<ResourceKey>('../locales/*/*.json', { import: 'default' });
const loaderOf = (locale: string, ns: string) => loaders[`../locales/${locale}/${ns}.json`];

/**
 * The error texts (`errors`, by code), kept off the first visit (3.9 KB of its gzipped code): lib/api-client.ts waits
 * for them before it hands on an API error, so that a catch may show its text at once, also with i18n.t outside
 * React; a component that shows one without a request names the namespace in its useTranslation (lib/error-text.ts).
 */
export const ERRORS_NAMESPACE = 'errors';
export const loadErrorTexts = (): Promise<unknown> =>
  i18n.isInitialized ? i18n.loadNamespaces(ERRORS_NAMESPACE).catch(() => undefined) : Promise.resolve();

const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load = loaderOf(language, namespace);
    // An unknown namespace is empty rather than an error: i18next would retry it five times.
    if (!load) return callback(null, {});
    load().then(
      (data) => callback(null, data),
      (err: unknown) => callback(err instanceof Error ? err : String(err), null),
    );
  },
};

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

// The document language follows the UI language, for screen readers and hyphenation (WCAG 3.1.1); set up before
// init, whose first language change comes after the first namespaces load.
i18n.on('languageChanged', (lng: string) => document.documentElement.setAttribute('lang', lng));

/**
 * Resolves once the first namespaces of the stored language are in (main.tsx renders after it, so no key ever
 * shows untranslated). de-DE is the default; every language only ever comes from the supported list (isLocale),
 * and locales/locales.test.ts keeps every key present in every language, so no key falls back to another language:
 * `fallbackLng: false` keeps i18next from downloading en-US (spec section 9's fallback) beside the active language.
 * A language switch loads the namespaces used so far in the new language before it applies.
 */
export const i18nReady = i18n
  .use(lazyLocales)
  .use(initReactI18next)
  .init({
    lng: storedLocale(),
    fallbackLng: false,
    supportedLngs: [...LOCALES],
    load: 'currentOnly',
    ns: [...FIRST_NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
    // A safety net for a `t('<ns>:key')` whose namespace nobody asked for (lib/i18n.test.ts catches it in the
    // sources): the namespace is fetched on the miss, and the components re-render when it arrives.
    saveMissing: true,
    missingKeyHandler: (_lngs, ns) => {
      if (!i18n.hasLoadedNamespace(ns)) void i18n.loadNamespaces(ns);
    },
    react: { bindI18nStore: 'added' },
  });

export default i18n;
