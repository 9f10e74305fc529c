import type { TCreatedClientToken } from '@lms/contracts/client-tokens';
import { Alert, Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { FormDrawer, StackedForm } from '../../../components/form-drawer';
import { FormButtons, FormError, useFormSubmit } from '../../../components/form-submit';
import { todayIso } from '../../../lib/format';
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
  const [name, setName] = useState('');
  const [expiresOn, setExpiresOn] = useState('');
  const [created, setCreated] = useState<TCreatedClientToken | null>(null);
  const { busy, error, setError, submit, fieldError } = useFormSubmit();

  useEffect(() => {
    if (opened) return;
    setName('');
    setExpiresOn('');
    setCreated(null);
    setError(null);
  }, [opened, setError]);

  const save = submit(
    () => (name.trim() ? null : t('tokens.required')),
    async () => {
      setCreated(await createClientToken({ clientId, name: name.trim(), expiresOn: expiresOn || null }));
      await onCreated();
    },
  );

  return (
    <FormDrawer opened={opened} onClose={onClose} title={created ? t('tokens.createdTitle') : t('tokens.createTitle')}>
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
        <StackedForm onSubmit={save}>
          <FormError error={error} />
          <TextInput
            label={t('tokens.name')}
            description={t('tokens.nameHint')}
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={fieldError('name')}
          />
          <DateField
            label={t('tokens.expiresOn')}
            description={t('tokens.expiresHint')}
            minDate={todayIso()}
            value={expiresOn}
            onChange={setExpiresOn}
            error={fieldError('expiresOn')}
          />
          <FormButtons busy={busy} onCancel={onClose} submitLabel={t('tokens.createSubmit')} />
        </StackedForm>
      )}
    </FormDrawer>
  );
}
