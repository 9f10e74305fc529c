import { LOCALES } from '@lms/contracts/constants';
import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconCheck, IconChevronDown, IconLanguage, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LANGUAGE_NAMES, changeLocale } from '../../components/language-switch';
import { useAuth } from '../../lib/auth-store';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

/** The header's user menu (issue 12): name and role, "my account", language and sign out, on every screen. */
export function UserMenu() {
  const { t, i18n } = useTranslation(['common', 'users', 'ui']);
  const { user } = useAuth();
  const queryClient = useQueryClient();
  if (!user) return null;
  const role = t(`users:roles.${user.role}`);
  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton
          aria-label={t('ui:userMenu.open', { name: user.realName })}
          style={{ display: 'flex', alignItems: 'center', gap: 8, borderRadius: 8, padding: 4 }}
        >
          {/* dark.5: the initials keep AA contrast (white on the default grey is 3.3:1). */}
          <Avatar variant="filled" color="dark.5" radius="xl" size={34}>
            {initials(user.realName)}
          </Avatar>
          <Text component="span" size="sm" fw={500} visibleFrom="md" maw={180} truncate="end">
            {user.realName}
          </Text>
          <IconChevronDown size={16} aria-hidden />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="dark.7" truncate="end">
            {user.realName}
          </Text>
          <Text size="xs" c="dark.4">
            {role}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to="/account" leftSection={<IconUserCircle size={18} aria-hidden />}>
          {t('ui:userMenu.account')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Label>
          <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
            <IconLanguage size={14} aria-hidden />
            {t('language')}
          </span>
        </Menu.Label>
        {LOCALES.map((locale) => (
          <Menu.Item
            key={locale}
            lang={locale}
            onClick={() => void changeLocale(locale, queryClient)}
            leftSection={
              i18n.language === locale ? <IconCheck size={16} aria-hidden /> : <span style={{ width: 16 }} />
            }
            aria-current={i18n.language === locale ? 'true' : undefined}
          >
            {LANGUAGE_NAMES[locale]}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item component={Link} to="/logout" leftSection={<IconLogout size={18} aria-hidden />}>
          {t('logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
