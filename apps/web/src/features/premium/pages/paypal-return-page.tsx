import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title';

/**
 * /premium/paypal-return: where PayPal sends the popup back after the payer approved (or cancelled). The page that
 * opened it polls the purchase, so this window has nothing to do but say so and close itself.
 */
export function PaypalReturnPage() {
  const { t } = useTranslation('premium');
  usePageTitle(t('title'));
  const [params] = useSearchParams();
  const cancelled = params.get('cancelled') === '1';
  useEffect(() => {
    if (cancelled || !window.opener) return;
    const timer = setTimeout(() => window.close(), 1500);
    return () => clearTimeout(timer);
  }, [cancelled]);
  return (
    <Paper withBorder p="lg" radius="md" maw={480} mx="auto" mt="xl">
      <Stack>
        <Title order={1} size="h3">
          {t('title')}
        </Title>
        <Text role="status">{cancelled ? t('return.cancelled') : t('return.approved')}</Text>
        <Button variant="default" onClick={() => window.close()}>
          {t('return.close')}
        </Button>
      </Stack>
    </Paper>
  );
}
