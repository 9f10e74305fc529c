import { AppShell, Box, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/language-switch';
import { NotificationBell } from '../../features/messages/components/notification-bell';
import { Brand } from './brand';
import { FooterLinks } from './footer-links';
import { MainMenu } from './main-menu';
import { SkipLink } from './skip-link';
import { UserMenu } from './user-menu';

/**
 * The signed-in frame: header (logo, language, user menu), the menu by role (a drawer on phones), the footer below
 * the content (spec section 2). The footer scrolls with the page instead of taking a fixed strip off every screen.
 */
export function ShellFrame({ children, notice }: { children: ReactNode; notice?: ReactNode }) {
  // The error texts come with the signed-in frame (lib/i18n.ts loadErrorTexts): a notice about an answer that is no
  // API error (errorText's unknown_error) then has its text too.
  const { t } = useTranslation(['common', 'errors']);
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t(opened ? 'menu.close' : 'menu.open')}
              aria-expanded={opened}
              aria-controls="main-menu"
            />
            <Brand />
          </Group>
          <Group gap="xs" wrap="nowrap">
            {/* Header controls: the notification bell goes here. */}
            <NotificationBell />
            <LanguageSwitch />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" id="main-menu" aria-label={t('menu.label')} style={{ overflowY: 'auto' }}>
        <MainMenu onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main id="main-content" tabIndex={-1}>
        {/* The cookie dialog: below the fixed header, in the flow, so it covers nothing (issue 32 point 6). */}
        {notice}
        {children}
      </AppShell.Main>
      <Box
        component="footer"
        style={{
          paddingInlineStart: 'var(--app-shell-navbar-offset, 0rem)',
          borderTop: '1px solid var(--mantine-color-gray-3)',
        }}
      >
        <FooterLinks />
      </Box>
    </AppShell>
  );
}
