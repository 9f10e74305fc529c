import { FORGOT_USERNAME_MESSAGE_MAX } from '@lms/contracts/constants';
import { Anchor, Button, SimpleGrid, Text, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormCard } from '../../../components/form-card';
import { FormError, FormNotice } from '../../../components/form-submit';
import { isApiError } from '../../../lib/api-client';
import { isLocale } from '../../../lib/i18n';
import { requestUsername } from '../api/account';

const EMPTY = { name: '', email: '', subject: '', message: '' };

/** Forgot username (spec section 5): full name required, the other fields too; it goes to the support address. */
export function ForgotUsernameForm() {
  const { t, i18n } = useTranslation(['account', 'errors']);
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof typeof EMPTY, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof EMPTY) => (value: string) => setForm({ ...form, [key]: value });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const missing: typeof errors = {};
    if (form.name.trim().split(/\s+/).filter(Boolean).length < 2)
      missing.name = t('errors:forgot_username_name_required');
    for (const k of ['email', 'subject', 'message'] as const)
      if (!form[k].trim()) missing[k] = t('forgotUsername.required');
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setBusy(true);
    try {
      const locale = isLocale(i18n.language) ? i18n.language : 'de-DE';
      await requestUsername({ ...form, locale });
      setSent(true);
    } catch (err) {
      // Spec section 8: "forgot-username request failure (maybe already requested)".
      setError(
        isApiError(err) && err.code === 'forgot_username_name_required'
          ? t('errors:forgot_username_name_required')
          : t('forgotUsername.failed'),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormCard onSubmit={(e) => void submit(e)}>
      <Text>{t('forgotUsername.intro')}</Text>
      <FormNotice text={sent && t('forgotUsername.sent')} />
      <FormError error={error} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('forgotUsername.name')}
          name="name"
          autoComplete="name"
          required
          value={form.name}
          error={errors.name}
          onChange={(e) => set('name')(e.currentTarget.value)}
        />
        <TextInput
          label={t('forgotUsername.email')}
          name="email"
          type="email"
          autoComplete="email"
          required
          value={form.email}
          error={errors.email}
          onChange={(e) => set('email')(e.currentTarget.value)}
        />
      </SimpleGrid>
      <TextInput
        label={t('forgotUsername.subject')}
        name="subject"
        required
        value={form.subject}
        error={errors.subject}
        onChange={(e) => set('subject')(e.currentTarget.value)}
      />
      <Textarea
        label={t('forgotUsername.message')}
        name="message"
        required
        autosize
        minRows={4}
        maxLength={FORGOT_USERNAME_MESSAGE_MAX}
        description={t('forgotUsername.limit', { count: FORGOT_USERNAME_MESSAGE_MAX - form.message.length })}
        value={form.message}
        error={errors.message}
        onChange={(e) => set('message')(e.currentTarget.value)}
      />
      <Button type="submit" loading={busy}>
        {t('forgotUsername.submit')}
      </Button>
      <Anchor component={Link} to="/login" size="sm">
        {t('backToLogin')}
      </Anchor>
    </FormCard>
  );
}
