import { Anchor, Button, Group, Paper, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const CONSENT_KEY = 'lms.cookieConsent';
type Consent = 'accepted' | 'rejected';

const readConsent = (): Consent | null => {
  const value = localStorage.getItem(CONSENT_KEY);
  return value === 'accepted' || value === 'rejected' ? value : null;
};

/**
 * The cookie dialog of spec section 2 (accept, reject), remembered on this device. The sign-in cookie is needed
 * for the service itself either way; the choice governs anything optional a client adds later.
 */
export function CookieDialog() {
  const { t } = useTranslation('public');
  const titleId = useId();
  const [consent, setConsent] = useState<Consent | null>(readConsent);
  if (consent) return null;
  const choose = (value: Consent) => {
    localStorage.setItem(CONSENT_KEY, value);
    setConsent(value);
  };
  return (
    <Paper
      role="dialog"
      aria-labelledby={titleId}
      shadow="lg"
      withBorder
      p="md"
      radius="md"
      style={{ position: 'fixed', bottom: 16, left: 16, right: 16, maxWidth: 560, margin: '0 auto', zIndex: 300 }}
    >
      <Title order={2} size="h4" id={titleId}>
        {t('cookies.title')}
      </Title>
      <Text size="sm" mt="xs">
        {t('cookies.text')}
      </Text>
      <Group gap="md" mt="xs">
        <Anchor component={Link} to="/client/privacy-policy" size="sm">
          {t('cookies.privacyPolicy')}
        </Anchor>
        <Anchor component={Link} to="/client/imprint" size="sm">
          {t('cookies.imprint')}
        </Anchor>
      </Group>
      <Group justify="flex-end" mt="md">
        <Button variant="outline" onClick={() => choose('rejected')}>
          {t('cookies.reject')}
        </Button>
        <Button onClick={() => choose('accepted')}>{t('cookies.accept')}</Button>
      </Group>
    </Paper>
  );
}
