import { FORGOT_USERNAME_MESSAGE_MAX } from '@lms/contracts/constants';
import { Alert, Button, Paper, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import { sendChangeRequest } from '../api/account';

const FIELDS = ['firstName', 'lastName', 'email', 'personnelNumber', 'street', 'city'] as const;
type Field = (typeof FIELDS)[number];
const EMPTY: Record<Field | 'message', string> = {
  firstName: '',
  lastName: '',
  email: '',
  personnelNumber: '',
  street: '',
  city: '',
  message: '',
};

/** The data-change request of /account: the user names what should change; support makes the change. */
export function ChangeRequestForm() {
  const { t } = useTranslation('account');
  const errorText = useErrorText();
  const [form, setForm] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setSent(false);
    if (!form.message.trim()) return setError(t('changeRequest.messageMissing'));
    setBusy(true);
    try {
      const changes = Object.fromEntries(FIELDS.filter((f) => form[f].trim()).map((f) => [f, form[f].trim()]));
      await sendChangeRequest({ ...changes, message: form.message.trim() });
      setSent(true);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper
      withBorder
      p="lg"
      radius="md"
      component="form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby="change-request-title"
    >
      <Stack>
        <Title order={2} size="h3" id="change-request-title">
          {t('changeRequest.title')}
        </Title>
        <Text size="sm">{t('changeRequest.intro')}</Text>
        {sent && (
          <Alert color="green" variant="light" role="status">
            {t('changeRequest.sent')}
          </Alert>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {FIELDS.map((f) => (
            <TextInput
              key={f}
              label={t(`changeRequest.fields.${f}`)}
              name={f}
              value={form[f]}
              onChange={(e) => setForm({ ...form, [f]: e.currentTarget.value })}
            />
          ))}
        </SimpleGrid>
        <Textarea
          label={t('changeRequest.message')}
          name="message"
          required
          autosize
          minRows={3}
          maxLength={FORGOT_USERNAME_MESSAGE_MAX}
          value={form.message}
          onChange={(e) => setForm({ ...form, message: e.currentTarget.value })}
        />
        <Button type="submit" loading={busy} w="fit-content">
          {t('changeRequest.submit')}
        </Button>
      </Stack>
    </Paper>
  );
}
