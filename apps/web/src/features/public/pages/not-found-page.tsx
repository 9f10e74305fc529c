import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title';

/** Unknown paths (spec section 2). */
export function NotFoundPage() {
  const { t } = useTranslation('public');
  usePageTitle(t('notFound.title'));
  return (
    <Stack align="flex-start">
      <Title order={1}>{t('notFound.title')}</Title>
      <Text>{t('notFound.text')}</Text>
      <Button component={Link} to="/">
        {t('notFound.home')}
      </Button>
    </Stack>
  );
}
