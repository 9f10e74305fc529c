import { Alert, Badge, Code, Drawer, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NamedLoader } from '../../../components/named-loader';
import { useErrorText } from '../../../lib/error-text';
import { useMail } from '../api/mail-queue';
import { formatDateTime } from '../../../lib/format';
import { BADGE_STYLES, statusColour } from './mail-status';

/** One mail with every delivery attempt and the SMTP answer it got (DECISIONS "retries"). */
export function MailDetailDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('mail');
  const errorText = useErrorText();
  const mail = useMail(id);
  const m = mail.data;
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      closeButtonProps={{ 'aria-label': t('close') }}
      size="xl"
      title={m ? t('queue.detailTitle', { recipient: m.recipient }) : t('queue.details')}
    >
      {mail.isPending && id !== null && <NamedLoader label={t('queue.details')} />}
      {mail.isError && (
        <Alert color="red" role="alert">
          {errorText(mail.error)}
        </Alert>
      )}
      {m && (
        <Stack>
          <Text>
            <Badge styles={BADGE_STYLES} color={statusColour(m.status)} variant="light" c="dark.9">
              {t(`statuses.${m.status}`)}
            </Badge>{' '}
            {m.subject}
          </Text>
          <Text size="sm">
            {t('queue.created')}: {formatDateTime(m.createdAt, i18n.language)}
            {m.sentAt && ` · ${t('queue.sentAt')}: ${formatDateTime(m.sentAt, i18n.language)}`}
            {m.nextAttemptAt && ` · ${t('queue.nextAttempt')}: ${formatDateTime(m.nextAttemptAt, i18n.language)}`}
          </Text>
          {m.replyTo && (
            <Text size="sm">
              {t('queue.replyTo')}: {m.replyTo}
            </Text>
          )}
          <Title order={3} size="h5">
            {t('queue.history')}
          </Title>
          {m.history.length === 0 ? (
            <Text size="sm">{t('queue.noAttempts')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('queue.attemptedAt')}</Table.Th>
                    <Table.Th>{t('queue.outcome')}</Table.Th>
                    <Table.Th>{t('queue.transport')}</Table.Th>
                    <Table.Th>{t('queue.smtpCode')}</Table.Th>
                    <Table.Th>{t('queue.response')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {m.history.map((a) => (
                    <Table.Tr key={a.id}>
                      <Table.Td>{formatDateTime(a.attemptedAt, i18n.language)}</Table.Td>
                      <Table.Td>{t(`outcomes.${a.outcome}`)}</Table.Td>
                      <Table.Td>{t(`transports.${a.transport}`)}</Table.Td>
                      <Table.Td>{a.smtpCode ?? ''}</Table.Td>
                      <Table.Td style={{ wordBreak: 'break-word' }}>{a.response ?? ''}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Title order={3} size="h5">
            {t('queue.body')}
          </Title>
          {m.secretsRedacted && (
            <Alert color="info" variant="light" role="note">
              {t('queue.redacted')}
            </Alert>
          )}
          <Code block style={{ whiteSpace: 'pre-wrap' }}>
            {m.bodyText}
          </Code>
        </Stack>
      )}
    </Drawer>
  );
}
