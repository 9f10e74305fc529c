import { MAIL_STATUSES, type TMailQueueItem, type TMailStatus } from '@lms/contracts/mail';
import { Badge, Button, Group, NativeSelect, Stack, Table, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
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
  const { t, i18n } = useTranslation('mail');
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
        minWidth={900}
        headers={[
          t('queue.created'),
          t('queue.recipient'),
          t('queue.subject'),
          t('queue.status'),
          t('queue.attempts'),
          t('queue.lastError'),
          t('queue.actions'),
        ]}
        emptyText={t('queue.empty')}
        totalLabel={(count) => t('paging.total', { count })}
        renderRow={(m) => (
          <>
            <Table.Td>{formatDateTime(m.createdAt, i18n.language)}</Table.Td>
            <Table.Td>{m.recipient}</Table.Td>
            <Table.Td>{m.subject}</Table.Td>
            <Table.Td>
              <Badge styles={BADGE_STYLES} color={statusColour(m.status)} variant="light" c="dark.9">
                {t(`statuses.${m.status}`)}
              </Badge>
            </Table.Td>
            <Table.Td>{m.attempts}</Table.Td>
            <Table.Td maw={280} style={{ wordBreak: 'break-word' }}>
              {m.lastError ?? ''}
            </Table.Td>
            <Table.Td>
              <RowActions actions={actionsOf(m)} />
            </Table.Td>
          </>
        )}
      />
      <MailDetailDrawer id={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
