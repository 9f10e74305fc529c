import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../lib/auth-store';

export function UserMenu() {
  const { t } = useTranslation();
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Group gap="sm" wrap="nowrap">
      <Text size="sm" visibleFrom="md">
        {user.realName}
      </Text>
      <Button component={Link} to="/logout" variant="outline" size="sm">
        {t('logout')}
      </Button>
    </Group>
  );
}
