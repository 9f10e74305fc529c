import type { TLocale } from '@lms/contracts/constants';
import { ZResolvedLegalText, type TLegalTextKind } from '@lms/contracts/legal-texts';
import { ZPlatformText, type TPlatformTextKey } from '@lms/contracts/platform-texts';
import { useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';

export const textKeys = {
  legal: (kind: TLegalTextKind) => ['legal-text', kind] as const,
  platform: (key: TPlatformTextKey, locale: TLocale) => ['platform-text', key, locale] as const,
};

/** The host's imprint or privacy policy, CSX and RESELLER already followed by the server. */
export const useLegalText = (kind: TLegalTextKind) =>
  useQuery({ queryKey: textKeys.legal(kind), queryFn: () => apiGet(`/client/${kind}`, ZResolvedLegalText) });

/** The FAQ or About in `locale`, or the server's fallback (en-US, then de-DE) when that locale has none. */
export const usePlatformText = (key: TPlatformTextKey, locale: TLocale) =>
  useQuery({
    queryKey: textKeys.platform(key, locale),
    queryFn: () => apiGet(`/platform-texts/${key}?locale=${locale}`, ZPlatformText),
  });

export const savePlatformText = (key: TPlatformTextKey, locale: TLocale, markdown: string) =>
  apiPost(`/platform-texts/${key}`, { locale, markdown }, ZPlatformText);
