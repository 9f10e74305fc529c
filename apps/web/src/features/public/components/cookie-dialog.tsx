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
 * for the service itself either way; the choice governs anything optional a client adds later. `inset`: inside the
 * signed-in frame's content, as a box of its own.
 */
export function CookieDialog({ inset = false }: { inset?: boolean }) {
  const { t } = useTranslation('public');
  const titleId = useId();
  const [consent, setConsent] = useState<Consent | null>(readConsent);
  if (consent) return null;
  const choose = (value: Consent) => {
    localStorage.setItem(CONSENT_KEY, value);
    setConsent(value);
  };
  // Issue 32 point 6: in the page's flow above everything else, not floating over it, so it covers no button or
  // link at any size (it floated over the activation form's submit and the footer's legal links at 1280x800).
  return (
    <Paper
      role="dialog"
      aria-labelledby={titleId}
      withBorder
      radius={inset ? 'md' : 0}
      px="md"
      py="sm"
      mb={inset ? 'md' : 0}
    >
      <Group justify="space-between" align="center" gap="sm" maw={1200} mx="auto">
        <div style={{ flex: '1 1 420px' }}>
          <Title order={2} size="h5" id={titleId}>
            {t('cookies.title')}
          </Title>
          <Text size="sm">{t('cookies.text')}</Text>
          <Group gap="md">
            <Anchor component={Link} to="/client/privacy-policy" size="sm">
              {t('cookies.privacyPolicy')}
            </Anchor>
            <Anchor component={Link} to="/client/imprint" size="sm">
              {t('cookies.imprint')}
            </Anchor>
          </Group>
        </div>
        <Group gap="sm">
          <Button variant="outline" onClick={() => choose('rejected')}>
            {t('cookies.reject')}
          </Button>
          <Button onClick={() => choose('accepted')}>{t('cookies.accept')}</Button>
        </Group>
      </Group>
    </Paper>
  );
}
