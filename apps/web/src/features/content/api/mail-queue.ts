import { pageOf } from '@lms/contracts/common';
import { ZMailDetail, ZMailQueueItem, type TMailStatus } from '@lms/contracts/mail';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { queryString } from '../../../lib/http';

export interface MailQueueParams {
  page: number;
  pageSize: number;
  status?: TMailStatus | null;
  recipient?: string;
  subject?: string;
}

export const mailQueueKeys = {
  all: ['mail-queue'] as const,
  list: (p: MailQueueParams) => ['mail-queue', 'list', p] as const,
  one: (id: string) => ['mail-queue', 'one', id] as const,
};

/** The queue changes while one looks at it: refreshed every 10 s. */
export const useMailQueue = (p: MailQueueParams) =>
  useQuery({
    queryKey: mailQueueKeys.list(p),
    queryFn: () =>
      apiGet(
        `/mail-queue${queryString({ page: p.page, pageSize: p.pageSize, status: p.status, recipient: p.recipient, subject: p.subject })}`,
        pageOf(ZMailQueueItem),
      ),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });

export const useMail = (id: string | null) =>
  useQuery({
    queryKey: mailQueueKeys.one(id ?? ''),
    queryFn: () => apiGet(`/mail-queue/${id ?? ''}`, ZMailDetail),
    enabled: id !== null,
  });

export const retryMail = (id: string) => apiPost(`/mail-queue/${id}/retry`, undefined, ZMailDetail);
export const cancelMail = (id: string) => apiPost(`/mail-queue/${id}/cancel`, undefined, ZMailDetail);
