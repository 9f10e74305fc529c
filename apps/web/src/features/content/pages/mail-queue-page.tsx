import { MAIL_STATUSES, type TMailQueueItem, type TMailStatus } from '@lms/contracts/mail';
import { Alert, Badge, Button, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TablePaging, usePaging } from '../../../components/table-paging';
import { showApiError, useErrorText } from '../../../lib/error-text';
import { usePageTitle } from '../../../lib/use-page-title';
import { cancelMail, mailQueueKeys, retryMail, useMailQueue } from '../api/mail-queue';
import { formatDateTime } from '../components/format';
import { MailDetailDrawer } from '../components/mail-detail-drawer';
import { BADGE_STYLES, statusColour } from '../components/mail-status';
import { notifyDone } from '../components/mail-notify';

/** /content/mail-queue: server-paged, filtered by status, recipient and subject; retry and cancel. */
export function MailQueuePage() {
  const { t, i18n } = useTranslation('mail');
  const errorText = useErrorText();
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
      notifyDone(t(action === 'retry' ? 'queue.retried' : 'queue.cancelled'));
      await queryClient.invalidateQueries({ queryKey: mailQueueKeys.all });
    } catch (err) {
      showApiError(err);
    } finally {
      setBusyId(null);
    }
  };

  const filter = (set: (v: string) => void) => (e: { currentTarget: { value: string } }) => {
    set(e.currentTarget.value);
    setPage(1);
  };

  return (
    <Stack>
      <div>
        <Title order={1}>{t('queue.title')}</Title>
        <Text c="dimmed">{t('queue.intro')}</Text>
      </div>
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
      {list.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorText(list.error)}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={900}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('queue.created')}</Table.Th>
              <Table.Th>{t('queue.recipient')}</Table.Th>
              <Table.Th>{t('queue.subject')}</Table.Th>
              <Table.Th>{t('queue.status')}</Table.Th>
              <Table.Th>{t('queue.attempts')}</Table.Th>
              <Table.Th>{t('queue.lastError')}</Table.Th>
              <Table.Th>{t('queue.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data?.items.map((m) => (
              <Table.Tr key={m.id}>
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
                  <Group gap={4} wrap="nowrap">
                    <Button
                      size="xs"
                      variant="subtle"
                      onClick={() => setOpenId(m.id)}
                      aria-label={`${t('queue.details')}: ${m.subject}`}
                    >
                      {t('queue.details')}
                    </Button>
                    {(m.status === 'failed' || m.status === 'cancelled') && (
                      <Button
                        size="xs"
                        variant="default"
                        loading={busyId === m.id}
                        onClick={() => void act(m, 'retry')}
                      >
                        {t('queue.retry')}
                      </Button>
                    )}
                    {m.status === 'queued' && (
                      <Button
                        size="xs"
                        variant="default"
                        loading={busyId === m.id}
                        onClick={() => void act(m, 'cancel')}
                      >
                        {t('queue.cancel')}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
            {list.data?.items.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={7}>{t('queue.empty')}</Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {list.data && (
        <TablePaging
          paging={paging}
          total={list.data.total}
          totalLabel={t('paging.total', { count: list.data.total })}
        />
      )}
      <MailDetailDrawer id={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
