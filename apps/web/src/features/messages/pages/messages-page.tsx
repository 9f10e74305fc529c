import { MESSAGE_BOXES, type TMessage, type TMessageBox } from '@lms/contracts/messages';
import { can, scopeOf } from '@lms/contracts/permissions';
import { Alert, Badge, Button, Group, Stack, Tabs } from '@mantine/core';
import { IconMail, IconSpeakerphone } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { TablePaging, usePaging } from '../../../components/table-paging';
import { useAuth } from '../../../lib/auth-store';
import { showApiError, useErrorText } from '../../../lib/error-text';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMyTrainings } from '../../../lib/my-trainings';
import { useMarkAllRead, useMarkRead, useMessageBox, useUnreadCount } from '../api/messages';
import { ComposeModal } from '../components/compose-modal';
import { MessageList } from '../components/message-list';

const isBox = (v: string | null): v is TMessageBox => (MESSAGE_BOXES as readonly string[]).includes(v ?? '');

/** /messages (issue 14): inbox, system messages, notifications and sent messages, each paged on the server. */
export function MessagesPage() {
  const { t } = useTranslation('messages');
  usePageTitle(t('title'));
  const errorText = useErrorText();
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const box: TMessageBox = isBox(params.get('box')) ? (params.get('box') as TMessageBox) : 'inbox';
  const paging = usePaging();
  const list = useMessageBox(box, paging.page, paging.pageSize);
  const unread = useUnreadCount();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const trainings = useMyTrainings();
  const titles = useMemo(() => new Map((trainings.data?.items ?? []).map((x) => [x.id, x.title])), [trainings.data]);
  const [compose, setCompose] = useState<'private' | 'system' | null>(null);
  const [replyTo, setReplyTo] = useState<TMessage | null>(null);
  const maySendSystem = !!user && can(user.role, 'messages.system');
  const unreadOf = (b: TMessageBox) => (b === 'sent' ? 0 : (unread.data?.[b] ?? 0));
  const open = (m: TMessage) => markRead.mutate(m.id, { onError: showApiError });
  return (
    <Stack>
      <PageHeader
        title={t('title')}
        intro={t('intro')}
        action={
          <Group gap="xs">
            <Button leftSection={<IconMail size={18} aria-hidden />} onClick={() => setCompose('private')}>
              {t('compose.newPrivate')}
            </Button>
            {maySendSystem && (
              <Button
                variant="light"
                leftSection={<IconSpeakerphone size={18} aria-hidden />}
                onClick={() => setCompose('system')}
              >
                {t('compose.newSystem')}
              </Button>
            )}
          </Group>
        }
      />
      <Tabs
        value={box}
        onChange={(v) => {
          if (!isBox(v)) return;
          paging.setPage(1);
          setParams(v === 'inbox' ? {} : { box: v });
        }}
      >
        <Tabs.List>
          {MESSAGE_BOXES.map((b) => (
            <Tabs.Tab
              key={b}
              value={b}
              rightSection={
                unreadOf(b) > 0 ? (
                  <Badge size="sm" color="red.9" variant="filled" aria-label={t('unreadCount', { count: unreadOf(b) })}>
                    {unreadOf(b)}
                  </Badge>
                ) : null
              }
            >
              {t(`boxes.${b}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {box !== 'sent' && unreadOf(box) > 0 && (
        <Group justify="flex-end">
          <Button
            variant="subtle"
            size="compact-sm"
            loading={markAll.isPending}
            onClick={() => markAll.mutate(box, { onError: showApiError })}
          >
            {t('markAllRead')}
          </Button>
        </Group>
      )}
      {list.isPending && <PageLoader />}
      {list.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorText(list.error)}
        </Alert>
      )}
      {list.data && (
        <>
          <MessageList
            box={box}
            items={list.data.items}
            titles={titles}
            onOpen={open}
            onReply={(m) => {
              setReplyTo(m);
              setCompose('private');
            }}
          />
          {list.data.total > 0 && (
            <TablePaging paging={paging} total={list.data.total} totalLabel={t('total', { count: list.data.total })} />
          )}
        </>
      )}
      {compose && user && (
        <ComposeModal
          mode={compose}
          mayAddressClient={scopeOf(user.role, 'messages.system') === 'client'}
          reply={
            compose === 'private' && replyTo?.sender
              ? { recipient: replyTo.sender, subject: replyTo.subject }
              : undefined
          }
          onClose={() => {
            setCompose(null);
            setReplyTo(null);
          }}
          onSent={() => {
            setCompose(null);
            setReplyTo(null);
            void list.refetch();
          }}
        />
      )}
    </Stack>
  );
}
