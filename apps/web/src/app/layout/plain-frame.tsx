import { Box, Container, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { LanguageSwitch } from '../../components/language-switch';
import { CookieDialog } from '../../features/public/components/cookie-dialog';
import { Brand } from './brand';
import { FooterLinks } from './footer-links';
import { SkipLink } from './skip-link';

/** The frame of the sign-in screens and public pages. */
export function PlainFrame({ children }: { children: ReactNode }) {
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <CookieDialog />
      <Box component="header" px="md" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Group justify="space-between" wrap="nowrap">
          <Brand />
          <LanguageSwitch />
        </Group>
      </Box>
      <Container component="main" id="main-content" tabIndex={-1} size="sm" py="xl" w="100%" style={{ flex: 1 }}>
        {children}
      </Container>
      <Box component="footer" px="md" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <FooterLinks />
      </Box>
    </Box>
  );
}
