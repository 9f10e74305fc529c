import { ZOk } from '@lms/contracts/common';
import {
  UNREAD_POLL_SECONDS,
  ZMessage,
  ZMessagePage,
  ZRecipientList,
  ZUnreadCount,
  type TMessageBox,
  type TSendPrivateMessageBody,
  type TSendSystemMessageBody,
} from '@lms/contracts/messages';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';

// Issue 14, point 3: the boxes, the unread count of the header and the calls that send and mark read.

export const messageKeys = {
  all: ['messages'] as const,
  unread: ['messages', 'unread'] as const,
  box: (box: TMessageBox, page: number, pageSize: number) => ['messages', 'box', box, page, pageSize] as const,
  recipients: (search: string) => ['messages', 'recipients', search] as const,
};

/**
 * The header's count asks every UNREAD_POLL_SECONDS (30 s) while the tab is visible, and at once when the window
 * gets the focus back: a system message shows within half a minute without a socket per user.
 */
export const useUnreadCount = (enabled = true) =>
  useQuery({
    queryKey: messageKeys.unread,
    queryFn: () => apiGet('/messages/unread-count', ZUnreadCount),
    enabled,
    refetchInterval: UNREAD_POLL_SECONDS * 1000,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: 'always',
    staleTime: 0,
  });

export const useMessageBox = (box: TMessageBox, page: number, pageSize: number) =>
  useQuery({
    queryKey: messageKeys.box(box, page, pageSize),
    queryFn: () => apiGet(`/messages?box=${box}&page=${page}&pageSize=${pageSize}`, ZMessagePage),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useRecipients = (search: string) =>
  useQuery({
    queryKey: messageKeys.recipients(search),
    queryFn: () => apiGet(`/messages/recipients?search=${encodeURIComponent(search)}`, ZRecipientList),
    placeholderData: keepPreviousData,
  });

/** Any change of read state or a new message: every box and the count ask again. */
const useInvalidateMessages = () => {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: messageKeys.all });
};

export const useMarkRead = () => {
  const invalidate = useInvalidateMessages();
  return useMutation({
    mutationFn: (id: string) => apiPost(`/messages/${id}/read`, {}, ZOk),
    onSuccess: invalidate,
  });
};

export const useMarkAllRead = () => {
  const invalidate = useInvalidateMessages();
  return useMutation({
    mutationFn: (box: 'inbox' | 'system' | 'notifications') => apiPost('/messages/read-all', { box }, ZOk),
    onSuccess: invalidate,
  });
};

export const sendPrivateMessage = (body: TSendPrivateMessageBody) => apiPost('/messages/private', body, ZMessage);
export const sendSystemMessage = (body: TSendSystemMessageBody) => apiPost('/messages/system', body, ZMessage);
