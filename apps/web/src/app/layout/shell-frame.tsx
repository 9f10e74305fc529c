import { AppShell, Burger, Group } from '@mantine/core';
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

/** The signed-in frame: header (logo, language, user), the menu by role, the footer (spec section 2). */
export function ShellFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <AppShell
      header={{ height: 64 }}
      footer={{ height: 52 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="lg"
    >
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
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
          <Group gap="sm" wrap="nowrap">
            <NotificationBell />
            <LanguageSwitch />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" id="main-menu" aria-label={t('menu.label')}>
        <MainMenu onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main id="main-content" tabIndex={-1}>
        {children}
      </AppShell.Main>
      <AppShell.Footer>
        <FooterLinks />
      </AppShell.Footer>
    </AppShell>
  );
}
