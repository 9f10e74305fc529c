import { MESSAGE_BODY_MAX, MESSAGE_SUBJECT_MAX } from '@lms/contracts/messages';
import { ZGroupPage } from '@lms/contracts/groups';
import { Modal, MultiSelect, Radio, Select, Textarea, TextInput, Group } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StackedForm } from '../../../components/form-drawer';
import { FormButtons, FormError, useFormSubmit } from '../../../components/form-submit';
import { apiGet } from '../../../lib/api-client';
import { closeButton, notifySuccess } from '../../../lib/notify';
import { sendPrivateMessage, sendSystemMessage, useRecipients } from '../api/messages';

interface Props {
  mode: 'private' | 'system';
  /** System messages: may the sender address the whole client (an admin) or only groups (a coordinator)? */
  mayAddressClient: boolean;
  onClose: () => void;
  onSent: () => void;
  /** A reply: to the sender of a message, with its subject. */
  reply?: { recipient: { id: string; name: string }; subject: string } | undefined;
}

/** "New message" and "New system message" (issue 14): recipient or audience, subject, text. */
export function ComposeModal({ mode, mayAddressClient, onClose, onSent, reply }: Props) {
  const { t } = useTranslation('messages');
  const form = useFormSubmit();
  const prefix = t('compose.replyPrefix');
  const [subject, setSubject] = useState(() =>
    reply
      ? (reply.subject.startsWith(prefix) ? reply.subject : `${prefix}${reply.subject}`).slice(0, MESSAGE_SUBJECT_MAX)
      : '',
  );
  const [body, setBody] = useState('');
  const [recipientId, setRecipientId] = useState<string | null>(reply?.recipient.id ?? null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const recipients = useRecipients(mode === 'private' ? debounced : '');
  const [audience, setAudience] = useState<'CLIENT' | 'GROUPS'>(mayAddressClient ? 'CLIENT' : 'GROUPS');
  const [groupIds, setGroupIds] = useState<string[]>([]);
  // The groups the sender may address: /api/groups answers a coordinator's own groups, an admin's all of them.
  const groups = useQuery({
    queryKey: ['messages', 'groups'],
    queryFn: () => apiGet('/groups?pageSize=500&sort=name', ZGroupPage),
    enabled: mode === 'system',
  });
  const check = () => {
    if (mode === 'private' && !recipientId) return t('compose.recipientRequired');
    if (mode === 'system' && audience === 'GROUPS' && groupIds.length === 0) return t('compose.groupsRequired');
    if (!subject.trim() || !body.trim()) return t('compose.textRequired');
    return null;
  };
  const send = async () => {
    if (mode === 'private') await sendPrivateMessage({ recipientId: recipientId ?? '', subject, body });
    else await sendSystemMessage({ audience, groupIds: audience === 'GROUPS' ? groupIds : [], subject, body });
    notifySuccess(t('compose.sent'));
    onSent();
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={
        reply
          ? t('compose.replyTitle', { name: reply.recipient.name })
          : t(mode === 'private' ? 'compose.privateTitle' : 'compose.systemTitle')
      }
      size="lg"
      closeButtonProps={closeButton()}
    >
      <StackedForm onSubmit={form.submit(check, send)}>
        <FormError error={form.error} />
        {mode === 'private' ? (
          <Select
            label={t('compose.recipient')}
            placeholder={t('compose.recipientPlaceholder')}
            searchable
            required
            data={[
              ...(reply ? [{ value: reply.recipient.id, label: reply.recipient.name }] : []),
              ...(recipients.data?.items ?? [])
                .filter((p) => p.id !== reply?.recipient.id)
                .map((p) => ({ value: p.id, label: p.name })),
            ]}
            value={recipientId}
            onChange={setRecipientId}
            searchValue={search}
            onSearchChange={setSearch}
            filter={({ options }) => options}
            nothingFoundMessage={t('compose.noRecipients')}
            error={form.fieldError('recipientId')}
            comboboxProps={{ withinPortal: true }}
          />
        ) : (
          <>
            <Radio.Group
              label={t('compose.audience')}
              value={audience}
              onChange={(v) => setAudience(v === 'CLIENT' ? 'CLIENT' : 'GROUPS')}
            >
              <Group mt="xs">
                {mayAddressClient && <Radio value="CLIENT" label={t('audience.CLIENT')} />}
                <Radio value="GROUPS" label={t('audience.GROUPS')} />
              </Group>
            </Radio.Group>
            {audience === 'GROUPS' && (
              <MultiSelect
                label={t('compose.groups')}
                required
                searchable
                data={(groups.data?.items ?? []).map((g) => ({ value: g.id, label: g.name }))}
                value={groupIds}
                onChange={setGroupIds}
                nothingFoundMessage={t('compose.noGroups')}
                error={form.fieldError('groupIds')}
              />
            )}
          </>
        )}
        <TextInput
          label={t('compose.subject')}
          required
          maxLength={MESSAGE_SUBJECT_MAX}
          value={subject}
          onChange={(e) => setSubject(e.currentTarget.value)}
          error={form.fieldError('subject')}
        />
        <Textarea
          label={t('compose.body')}
          required
          autosize
          minRows={5}
          maxLength={MESSAGE_BODY_MAX}
          value={body}
          onChange={(e) => setBody(e.currentTarget.value)}
          error={form.fieldError('body')}
        />
        <FormButtons busy={form.busy} onCancel={onClose} submitLabel={t('compose.send')} />
      </StackedForm>
    </Modal>
  );
}
