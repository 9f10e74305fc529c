import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The server did not answer while the app asked who is signed in (spec section 8: network and server notices). */
export function ConnectionErrorPage() {
  const { t } = useTranslation();
  return (
    <Container component="main" size="sm" py="xl">
      <Stack align="flex-start">
        <Title order={1}>{t('connectionError.title')}</Title>
        <Text>{t('connectionError.text')}</Text>
        <Button onClick={() => window.location.reload()}>{t('reload')}</Button>
      </Stack>
    </Container>
  );
}
