import type { TCreatedClientToken } from '@lms/contracts/client-tokens';
import { Alert, Button, CopyButton, Drawer, Group, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import { todayIso } from '../../../lib/format';
import { closeButton } from '../../../lib/notify';
import { createClientToken } from '../api/client-tokens';

interface Props {
  clientId: string;
  opened: boolean;
  onClose: () => void;
  onCreated: () => Promise<void>;
}

/**
 * Creates a token, then shows its secret once with a copy button (DECISIONS "secret tokens"). The secret lives only
 * in this drawer's state and is dropped when it closes; no list or later answer holds it.
 */
export function TokenCreateDrawer({ clientId, opened, onClose, onCreated }: Props) {
  const { t } = useTranslation('client-lists');
  const errorText = useErrorText();
  const [name, setName] = useState('');
  const [expiresOn, setExpiresOn] = useState('');
  const [created, setCreated] = useState<TCreatedClientToken | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (opened) return;
    setName('');
    setExpiresOn('');
    setCreated(null);
    setError(null);
  }, [opened]);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError(t('tokens.required'));
    setBusy(true);
    setError(null);
    try {
      setCreated(await createClientToken({ clientId, name: name.trim(), expiresOn: expiresOn || null }));
      await onCreated();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Drawer
      closeButtonProps={closeButton()}
      opened={opened}
      onClose={onClose}
      position="right"
      title={created ? t('tokens.createdTitle') : t('tokens.createTitle')}
    >
      {created ? (
        <Stack>
          {/* No Alert title: Mantine tints a title in the alert's colour, below 4.5:1 on its light background. */}
          <Alert color="orange" variant="light" role="alert">
            <Text fw={700} inherit>
              {t('tokens.onceTitle')}
            </Text>
            {t('tokens.onceText')}
          </Alert>
          <TextInput
            label={t('tokens.secret')}
            readOnly
            value={created.secret}
            // Tall enough that the underscores of base64url stay visible.
            styles={{ input: { fontFamily: 'monospace', height: 'auto', lineHeight: 1.8 } }}
            onFocus={(e) => e.currentTarget.select()}
          />
          <Group justify="space-between">
            <CopyButton value={created.secret}>
              {({ copied, copy }) => (
                <Button variant={copied ? 'light' : 'filled'} color={copied ? 'green' : undefined} onClick={copy}>
                  {copied ? t('tokens.copied') : t('tokens.copy')}
                </Button>
              )}
            </CopyButton>
            <Button variant="default" onClick={onClose}>
              {t('tokens.done')}
            </Button>
          </Group>
          <Text size="sm">{t('tokens.useHint')}</Text>
        </Stack>
      ) : (
        <form onSubmit={(e) => void save(e)} noValidate>
          <Stack>
            {error && (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            )}
            <TextInput
              label={t('tokens.name')}
              description={t('tokens.nameHint')}
              required
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
            />
            <TextInput
              type="date"
              label={t('tokens.expiresOn')}
              description={t('tokens.expiresHint')}
              min={todayIso()}
              value={expiresOn}
              onChange={(e) => setExpiresOn(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common:cancel')}
              </Button>
              <Button type="submit" loading={busy}>
                {t('tokens.createSubmit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Drawer>
  );
}
