import { ZCurrentUser } from '@lms/contracts/auth';
import { LOCALES, type TLocale } from '@lms/contracts/constants';
import { NativeSelect } from '@mantine/core';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { apiPost } from '../lib/api-client';
import { getAuthState, setCurrentUser } from '../lib/auth-store';
import { showApiError } from '../lib/error-text';
import i18n, { isLocale, rememberLocale } from '../lib/i18n';

/** Each language is named in itself, so a user who cannot read the current one still finds theirs. */
export const LANGUAGE_NAMES: Record<TLocale, string> = { 'de-DE': 'Deutsch', 'en-US': 'English', 'fr-FR': 'Français' };

/**
 * Changes the UI language; a signed-in user's choice is saved on the server (POST /api/user/locale). What the server
 * wrote in the old language (course and training titles, texts) is read again once the server knows the new one.
 */
export async function changeLocale(locale: TLocale, queryClient: QueryClient): Promise<void> {
  rememberLocale(locale);
  // The new language's texts download first (lib/i18n.ts); the server learns the choice meanwhile, not after, so
  // a page loaded right away already gets it.
  const switched = i18n.changeLanguage(locale);
  const user = getAuthState().user;
  // During a forced password change the server refuses everything else; the choice stays on this device.
  if (!user || user.passwordChangeRequired) {
    await switched;
    return;
  }
  try {
    const [, saved] = await Promise.all([switched, apiPost('/user/locale', { locale }, ZCurrentUser)]);
    setCurrentUser(saved);
    // Not a module's launch ('module-open'): it records a visit and mints a token, once per visit.
    await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'module-open' });
  } catch (err) {
    showApiError(err);
  }
}

/** The header's compact switch, or with `label` a labelled field (the account page's settings). */
export function LanguageSwitch({ label }: { label?: string }) {
  const { t, i18n: instance } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const current = isLocale(instance.language) ? instance.language : 'de-DE';
  return (
    <NativeSelect
      id={id}
      {...(label ? { label } : { 'aria-label': t('language'), w: { base: 112, sm: 130 } })}
      value={current}
      onChange={(e) => {
        const value = e.currentTarget.value;
        if (isLocale(value)) void changeLocale(value, queryClient);
      }}
      data={LOCALES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
      size="sm"
    />
  );
}
