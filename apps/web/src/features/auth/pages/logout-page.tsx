import { Button, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { usePageTitle } from '../../../lib/use-page-title';
import { signOut } from '../api/session-actions';

/**
 * Ends the session on the server and resets the store except the current client (spec section 4); after a Microsoft
 * sign-in it goes on to end the Microsoft session (issue 28 point 8), which comes back here.
 */
export function LogoutPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('logout.title'));
  const queryClient = useQueryClient();
  const [done, setDone] = useState(false);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void signOut(queryClient).then(({ endSessionUrl }) => {
      // Entra ends its session and sends the browser back here, where nothing is left to end.
      if (endSessionUrl) window.location.assign(endSessionUrl);
      else setDone(true);
    });
  }, [queryClient]);
  if (!done) return <PageLoader />;
  return (
    <Stack align="flex-start">
      <Title order={1}>{t('logout.title')}</Title>
      <Text>{t('logout.text')}</Text>
      <Button component={Link} to="/login">
        {t('logout.again')}
      </Button>
    </Stack>
  );
}
