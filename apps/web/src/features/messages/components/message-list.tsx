import type { TMessage, TMessageBox } from '@lms/contracts/messages';
import { Accordion, Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { notificationLink, notificationText } from './notification-text';

interface Props {
  box: TMessageBox;
  items: TMessage[];
  titles: Map<string, string>;
  onOpen: (m: TMessage) => void;
  /** Answers a private message to its sender (issue 32 point 13: messages had no reply). */
  onReply?: (m: TMessage) => void;
}

/** One box's page of messages; opening an unread one marks it read. */
export function MessageList({ box, items, titles, onOpen, onReply }: Props) {
  const { t, i18n } = useTranslation('messages');
  if (items.length === 0)
    return (
      <Paper withBorder p="md" radius="md">
        <Text>{t(`empty.${box}`)}</Text>
      </Paper>
    );
  const text = (m: TMessage) =>
    m.kind === 'NOTIFICATION' ? notificationText(m, t, i18n.language, titles) : { subject: m.subject, body: m.body };
  const from = (m: TMessage) => {
    if (box === 'sent') return t('list.to', { name: m.recipient?.name ?? t('list.deletedUser') });
    if (m.kind === 'NOTIFICATION') return t('list.platform');
    return t('list.from', { name: m.sender?.name ?? t('list.deletedUser') });
  };
  return (
    <Accordion
      variant="separated"
      onChange={(id) => {
        const m = items.find((x) => x.id === id);
        if (m && !m.isRead && box !== 'sent') onOpen(m);
      }}
    >
      {items.map((m) => {
        const { subject, body } = text(m);
        const link = m.kind === 'NOTIFICATION' ? notificationLink(m) : null;
        const unread = !m.isRead && box !== 'sent';
        return (
          <Accordion.Item key={m.id} value={m.id}>
            <Accordion.Control aria-label={unread ? t('list.unreadLabel', { subject }) : undefined}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                  <Group gap="xs" wrap="nowrap">
                    {unread && (
                      <Badge size="sm" color="blue.9" variant="filled">
                        {t('list.new')}
                      </Badge>
                    )}
                    <Text fw={unread ? 700 : 500} truncate="end">
                      {subject}
                    </Text>
                  </Group>
                  <Text size="sm" c="dark.4">
                    {from(m)}
                    {m.kind === 'SYSTEM' && ` · ${t(`audience.${m.audience ?? 'CLIENT'}`)}`}
                  </Text>
                </Stack>
                <Text size="sm" c="dark.4" style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(m.createdAt, i18n.language)}
                </Text>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <Text style={{ whiteSpace: 'pre-wrap' }}>{body}</Text>
              {link && (
                <Anchor component={Link} to={link} mt="sm" display="inline-block">
                  {t('list.open')}
                </Anchor>
              )}
              {onReply && box !== 'sent' && m.kind === 'PRIVATE' && m.sender && (
                <Button
                  variant="light"
                  mt="sm"
                  onClick={() => onReply(m)}
                  aria-label={t('list.replyTo', { name: m.sender.name })}
                >
                  {t('list.reply')}
                </Button>
              )}
            </Accordion.Panel>
          </Accordion.Item>
        );
      })}
    </Accordion>
  );
}
