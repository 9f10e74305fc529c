import {
  ZCertificateTemplate,
  ZCertificateTemplateListItem,
  type TCertificateDesignBody,
  type TCertificateTemplateContent,
  type TCreateCertificateTemplateBody,
  type TUpdateCertificateTemplateBody,
} from '@lms/contracts/certificates';
import { pageOf, ZOk } from '@lms/contracts/common';
import type { TLocale } from '@lms/contracts/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiPostBlob } from '../../../lib/api-client';
import { queryString } from '../../../lib/http';

export interface CertificateTemplateListParams {
  page: number;
  pageSize: number;
  search?: string;
  /** The reader's language: the list's subtitles are in it, so another language is another list. */
  locale?: string;
}

export const certificateTemplateKeys = {
  all: ['certificate-templates'] as const,
  list: (p: CertificateTemplateListParams) => ['certificate-templates', 'list', p] as const,
  one: (id: string) => ['certificate-templates', 'one', id] as const,
};

export const useCertificateTemplates = (p: CertificateTemplateListParams) =>
  useQuery({
    queryKey: certificateTemplateKeys.list(p),
    queryFn: () =>
      apiGet(
        `/certificate-template${queryString({ page: p.page, pageSize: p.pageSize, search: p.search })}`,
        pageOf(ZCertificateTemplateListItem),
      ),
    placeholderData: keepPreviousData,
  });

export const useCertificateTemplate = (id: string) =>
  useQuery({
    queryKey: certificateTemplateKeys.one(id),
    queryFn: () => apiGet(`/certificate-template/${id}`, ZCertificateTemplate),
  });

export const createCertificateTemplate = (body: TCreateCertificateTemplateBody) =>
  apiPost('/certificate-template', body, ZCertificateTemplate);

/** Validation errors (unknown placeholders) are shown in the form, so no dialog policy beyond the standard one. */
export const saveCertificateTemplate = (id: string, body: TUpdateCertificateTemplateBody) =>
  apiPost(`/certificate-template/${id}`, body, ZCertificateTemplate);

export const deleteCertificateTemplate = (id: string) => apiDelete(`/certificate-template/${id}`, ZOk);

/** The certificate of a sample person with the unsaved texts, as a PDF. */
export const previewCertificate = (
  id: string,
  locale: TLocale,
  content: TCertificateTemplateContent,
  opts: { signal?: AbortSignal; design?: TCertificateDesignBody } = {},
) =>
  apiPostBlob(
    `/certificate-template/${id}/preview/${locale}`,
    { content, ...(opts.design ? { design: opts.design } : {}) },
    { signal: opts.signal },
  );

/** Issue 32 point 2: the template's look (design, orientation, signatories' names and roles). */
export const saveCertificateDesign = (id: string, body: TCertificateDesignBody) =>
  apiPost(`/certificate-template/${id}/design`, body, ZCertificateTemplate);

/** A signature image (PNG or JPEG) for slot 1 or 2. */
export function uploadCertificateSignature(id: string, slot: number, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiPost(`/certificate-template/${id}/signature/${slot}`, form, ZCertificateTemplate);
}

export const removeCertificateSignature = async (id: string, slot: number) =>
  ZCertificateTemplate.parse(await apiDelete(`/certificate-template/${id}/signature/${slot}`, ZCertificateTemplate));

export function uploadCertificateBackground(id: string, locale: TLocale, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiPost(`/certificate-template/${id}/file/${locale}`, form, ZCertificateTemplate);
}

export async function removeCertificateBackground(id: string, locale: TLocale) {
  return ZCertificateTemplate.parse(
    await apiDelete(`/certificate-template/${id}/file/${locale}`, ZCertificateTemplate),
  );
}
