import type { TLocale } from '@lms/contracts/constants';
import { can } from '@lms/contracts/permissions';
import type { TPlatformTextKey } from '@lms/contracts/platform-texts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../lib/auth-store';
import { isLocale } from '../../../lib/i18n';
import { usePlatformText } from '../api/texts';

/** The page's text in the reader's language (the server falls back to en-US, then de-DE) and the edit switch. */
export function usePlatformTextPage(key: TPlatformTextKey) {
  const { i18n } = useTranslation();
  const locale: TLocale = isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'de-DE';
  const role = useAuth().user?.role;
  const mayEdit = role !== undefined && can(role, 'platform.texts');
  const [editing, setEditing] = useState(false);
  const text = usePlatformText(key, locale);
  return { locale, text, mayEdit, editing: mayEdit && editing, setEditing };
}
