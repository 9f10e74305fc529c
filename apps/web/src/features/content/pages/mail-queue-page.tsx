import { MAIL_STATUSES, type TMailQueueItem, type TMailStatus } from '@lms/contracts/mail';
import { Badge, Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { CellText } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { PagedTable } from '../../../components/paged-table';
import { RowActions, type RowAction } from '../../../components/row-actions';
import { usePaging } from '../../../components/table-paging';
import { showApiError } from '../../../lib/error-text';
import { usePageTitle } from '../../../lib/use-page-title';
import { cancelMail, mailQueueKeys, retryMail, useMailQueue } from '../api/mail-queue';
import { formatDateTime } from '../../../lib/format';
import { MailDetailDrawer } from '../components/mail-detail-drawer';
import { BADGE_STYLES, statusColour } from '../components/mail-status';
import { notifySuccess } from '../../../lib/notify';

/** /content/mail-queue: server-paged, filtered by status, recipient and subject; retry and cancel. */
export function MailQueuePage() {
  const { t, i18n } = useTranslation(['mail', 'ui']);
  usePageTitle(t('queue.title'));
  const queryClient = useQueryClient();
  const paging = usePaging();
  const { page, pageSize, setPage } = paging;
  const [status, setStatus] = useState<TMailStatus | null>(null);
  const [recipient, setRecipient] = useState('');
  const [subject, setSubject] = useState('');
  const [debouncedRecipient] = useDebouncedValue(recipient.trim(), 300);
  const [debouncedSubject] = useDebouncedValue(subject.trim(), 300);
  const [openId, setOpenId] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const list = useMailQueue({ page, pageSize, status, recipient: debouncedRecipient, subject: debouncedSubject });

  const act = async (mail: TMailQueueItem, action: 'retry' | 'cancel') => {
    setBusyId(mail.id);
    try {
      await (action === 'retry' ? retryMail(mail.id) : cancelMail(mail.id));
      notifySuccess(t(action === 'retry' ? 'queue.retried' : 'queue.cancelled'));
      await queryClient.invalidateQueries({ queryKey: mailQueueKeys.all });
    } catch (err) {
      showApiError(err);
    } finally {
      setBusyId(null);
    }
  };

  /** Details always; a failed or cancelled mail can be sent again, a waiting one cancelled. */
  const actionsOf = (m: TMailQueueItem): RowAction[] => {
    const next = m.status === 'queued' ? 'cancel' : m.status === 'failed' || m.status === 'cancelled' ? 'retry' : null;
    return [
      { label: t('queue.details'), name: `${t('queue.details')}: ${m.subject}`, onClick: () => setOpenId(m.id) },
      ...(next
        ? [
            {
              label: t(`queue.${next}`),
              variant: 'default' as const,
              loading: busyId === m.id,
              onClick: () => void act(m, next),
            },
          ]
        : []),
    ];
  };

  const filter = (set: (v: string) => void) => (e: { currentTarget: { value: string } }) => {
    set(e.currentTarget.value);
    setPage(1);
  };

  return (
    <Stack>
      <PageHeader title={t('queue.title')} intro={t('queue.intro')} />
      <Group align="flex-end">
        <NativeSelect
          label={t('queue.status')}
          value={status ?? ''}
          onChange={filter((v) => setStatus((v || null) as TMailStatus | null))}
          data={[
            { value: '', label: t('queue.allStatuses') },
            ...MAIL_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) })),
          ]}
        />
        <TextInput label={t('queue.recipient')} type="search" value={recipient} onChange={filter(setRecipient)} />
        <TextInput label={t('queue.subject')} type="search" value={subject} onChange={filter(setSubject)} />
        <Button variant="default" onClick={() => void list.refetch()} loading={list.isFetching}>
          {t('queue.refresh')}
        </Button>
      </Group>
      <PagedTable
        list={list}
        paging={paging}
        label={t('queue.title')}
        columns={[
          { id: 'recipient', header: t('queue.recipient'), cell: (m) => <CellText text={m.recipient} max={240} /> },
          { id: 'subject', header: t('queue.subject'), cell: (m) => <CellText text={m.subject} max={260} /> },
          {
            id: 'status',
            header: t('queue.status'),
            nowrap: true,
            cell: (m) => (
              <Badge styles={BADGE_STYLES} color={statusColour(m.status)} variant="light" c="dark.9">
                {t(`statuses.${m.status}`)}
              </Badge>
            ),
          },
          {
            id: 'created',
            header: t('queue.created'),
            nowrap: true,
            priority: 2,
            cell: (m) => formatDateTime(m.createdAt, i18n.language),
          },
          { id: 'attempts', header: t('queue.attempts'), nowrap: true, priority: 3, cell: (m) => m.attempts },
          {
            id: 'lastError',
            header: t('queue.lastError'),
            priority: 3,
            cell: (m) => <CellText text={m.lastError} max={220} />,
          },
          {
            id: 'actions',
            header: t('queue.actions'),
            actions: true,
            cell: (m) => <RowActions actions={actionsOf(m)} />,
          },
        ]}
        empty={
          status || debouncedRecipient || debouncedSubject ? (
            <EmptyState title={t('ui:empty.noMatch')} />
          ) : (
            <EmptyState title={t('ui:empty.mailQueue.title')} text={t('ui:empty.mailQueue.text')} />
          )
        }
        totalLabel={(count) => t('paging.total', { count })}
      />
      <MailDetailDrawer id={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
