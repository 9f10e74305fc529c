import type { TLocale } from '@lms/contracts/constants';
import type { TMailTemplateContent, TMailTemplateKind } from '@lms/contracts/mail-templates';
import { DE_DE } from './default-templates.de-DE';
import { EN_US } from './default-templates.en-US';
import { FR_FR } from './default-templates.fr-FR';

export type DefaultTemplateSet = Record<TMailTemplateKind, { name: string; subject: string; bodyText: string }>;

/** DECISIONS "default templates": every mail the platform sends, in each locale; the HTML part is made from the text. */
const DEFAULTS: Record<TLocale, DefaultTemplateSet> = { 'de-DE': DE_DE, 'en-US': EN_US, 'fr-FR': FR_FR };

export function defaultTemplateContent(kind: TMailTemplateKind, locale: TLocale): TMailTemplateContent {
  const d = DEFAULTS[locale][kind];
  return { subject: d.subject, bodyText: d.bodyText, bodyHtml: null };
}

export const defaultTemplateName = (kind: TMailTemplateKind, locale: TLocale): string => DEFAULTS[locale][kind].name;
