import type { TLocale } from '@lms/contracts/constants';
import type { TPlatformTextKey } from '@lms/contracts/platform-texts';
import { ABOUT_DE, FAQ_DE } from './default-texts.de-DE';
import { ABOUT_EN, FAQ_EN } from './default-texts.en-US';
import { ABOUT_FR, FAQ_FR } from './default-texts.fr-FR';

/** The FAQ and About texts of a fresh platform: what migration 0013 seeded (its own frozen copy) as migration 0033 leaves them. */
export const DEFAULT_PLATFORM_TEXTS: Record<TPlatformTextKey, Record<TLocale, string>> = {
  faq: { 'de-DE': FAQ_DE, 'en-US': FAQ_EN, 'fr-FR': FAQ_FR },
  about: { 'de-DE': ABOUT_DE, 'en-US': ABOUT_EN, 'fr-FR': ABOUT_FR },
};
