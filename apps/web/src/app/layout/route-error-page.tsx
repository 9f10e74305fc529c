import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { ChunkLoadError } from '../../lib/lazy-route';

/**
 * What a render error or a page whose code did not load (spec section 9: 120 s) shows: a message and a reload.
 * Kept outside the frames, since the frame itself may be what failed.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const isChunk =
    error instanceof ChunkLoadError ||
    (error instanceof TypeError && /dynamically imported module|Importing a module script failed/i.test(error.message));
  return (
    <Container component="main" size="sm" py="xl">
      <Stack>
        <Title order={1}>{t(isChunk ? 'loadError.title' : 'renderError.title')}</Title>
        <Text>{t(isChunk ? 'loadError.text' : 'renderError.text')}</Text>
        <div>
          <Button onClick={() => window.location.reload()}>{t('reload')}</Button>
        </div>
      </Stack>
    </Container>
  );
}
