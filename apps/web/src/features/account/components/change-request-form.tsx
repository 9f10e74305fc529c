import { FORGOT_USERNAME_MESSAGE_MAX } from '@lms/contracts/constants';
import { Button, SimpleGrid, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormCard } from '../../../components/form-card';
import { FormError, FormNotice, useFormSubmit } from '../../../components/form-submit';
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
  const [sent, setSent] = useState(false);
  const { busy, error, submit } = useFormSubmit({ errorOf: errorText });

  const save = submit(
    () => {
      setSent(false);
      return form.message.trim() ? null : t('changeRequest.messageMissing');
    },
    async () => {
      const changes = Object.fromEntries(FIELDS.filter((f) => form[f].trim()).map((f) => [f, form[f].trim()]));
      await sendChangeRequest({ ...changes, message: form.message.trim() });
      // Issue 32: what was sent is gone from the form, so a second click cannot send it twice by mistake.
      setForm(EMPTY);
      setSent(true);
    },
  );

  return (
    <FormCard onSubmit={save} labelledBy="change-request-title">
      <Title order={2} size="h3" id="change-request-title">
        {t('changeRequest.title')}
      </Title>
      <Text size="sm">{t('changeRequest.intro')}</Text>
      <FormNotice text={sent && t('changeRequest.sent')} />
      <FormError error={error} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {FIELDS.map((f) => (
          <TextInput
            key={f}
            label={t(`changeRequest.fields.${f}`)}
            name={f}
            value={form[f]}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setForm((prev) => ({ ...prev, [f]: value }));
            }}
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
        onChange={(e) => {
          const message = e.currentTarget.value;
          setForm((prev) => ({ ...prev, message }));
        }}
      />
      <Button type="submit" loading={busy} w="fit-content">
        {t('changeRequest.submit')}
      </Button>
    </FormCard>
  );
}
