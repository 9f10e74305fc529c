import { can } from '@lms/contracts/permissions';
import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../../../lib/auth-store';

/** Between the documents pages: my downloads, my certificates and, for coordination roles, all certificates. */
export function DocumentsNav() {
  const { t } = useTranslation('documents');
  const { pathname } = useLocation();
  const { user } = useAuth();
  const links = [
    { to: '/documents', label: t('nav.downloads') },
    { to: '/documents/certificates', label: t('nav.certificates') },
    ...(user && can(user.role, 'coordination.manage') ? [{ to: '/documents/all', label: t('nav.all') }] : []),
  ];
  return (
    <Group component="nav" aria-label={t('nav.label')} gap="xs">
      {links.map((link) => {
        const current = pathname === link.to;
        return (
          <Button
            key={link.to}
            component={Link}
            to={link.to}
            variant={current ? 'filled' : 'default'}
            size="sm"
            aria-current={current ? 'page' : undefined}
          >
            {link.label}
          </Button>
        );
      })}
    </Group>
  );
}
