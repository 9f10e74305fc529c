import { pageOf } from '@lms/contracts/common';
import type { TLocale } from '@lms/contracts/constants';
import {
  ZMailTemplate,
  ZMailTemplateListItem,
  ZMailTemplatePreview,
  type TCreateMailTemplateBody,
  type TMailTemplateKind,
  type TMailTemplatePreviewBody,
  type TUpdateMailTemplateBody,
} from '@lms/contracts/mail-templates';
import { ZOk } from '@lms/contracts/common';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost } from '../../../lib/api-client';
import { queryString } from '../../../lib/http';

export interface MailTemplateListParams {
  page: number;
  pageSize: number;
  search?: string;
  kind?: TMailTemplateKind | null;
}

export const mailTemplateKeys = {
  all: ['mail-templates'] as const,
  list: (p: MailTemplateListParams) => ['mail-templates', 'list', p] as const,
  one: (id: string) => ['mail-templates', 'one', id] as const,
};

export const useMailTemplates = (p: MailTemplateListParams) =>
  useQuery({
    queryKey: mailTemplateKeys.list(p),
    queryFn: () =>
      apiGet(
        `/mail-template${queryString({ page: p.page, pageSize: p.pageSize, search: p.search, kind: p.kind })}`,
        pageOf(ZMailTemplateListItem),
      ),
    placeholderData: keepPreviousData,
  });

export const useMailTemplate = (id: string) =>
  useQuery({ queryKey: mailTemplateKeys.one(id), queryFn: () => apiGet(`/mail-template/${id}`, ZMailTemplate) });

export const createMailTemplate = (body: TCreateMailTemplateBody) => apiPost('/mail-template', body, ZMailTemplate);

/** Validation errors (unknown placeholders) are shown in the form, so no dialog policy beyond the standard one. */
export const saveMailTemplate = (id: string, body: TUpdateMailTemplateBody) =>
  apiPost(`/mail-template/${id}`, body, ZMailTemplate);

export const deleteMailTemplate = (id: string) => apiDelete(`/mail-template/${id}`, ZOk);

export const previewMailTemplate = (id: string, body: TMailTemplatePreviewBody) =>
  apiPost(`/mail-template/${id}/preview`, body, ZMailTemplatePreview);

export function uploadMailTemplateFile(id: string, locale: TLocale, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiPost(`/mail-template/${id}/file/${locale}`, form, ZMailTemplate);
}

export async function removeMailTemplateFile(id: string, locale: TLocale) {
  return ZMailTemplate.parse(await apiDelete(`/mail-template/${id}/file/${locale}`, ZMailTemplate));
}
