import { Button, Divider } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { entraConfigQuery } from '../api/entra-api';

/** "Sign in with Microsoft" on the login page, only when the client offers it (spec section 5). */
export function EntraSignInLink() {
  const { t } = useTranslation('entra');
  const config = useQuery(entraConfigQuery);
  if (!config.data?.available) return null;
  return (
    <>
      <Divider label={t('or')} labelPosition="center" />
      <Button component={Link} to="/entra-login" variant="default" fullWidth>
        {t('signInWithMicrosoft')}
      </Button>
    </>
  );
}
