import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from './layout/lazy-parts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { useCurrentClient } from '../lib/use-current-client';
import i18n from '../lib/i18n';
import { buildCssVariables, buildTheme } from '../lib/theme';

/** The API client does the retrying (ARCHITECTURE section 5), so React Query must not retry on top of it. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

/** Colours from GET /api/client/current; the defaults apply while it loads and when the client is unknown. */
function ClientTheme({ children }: { children: ReactNode }) {
  const client = useCurrentClient();
  const colours = client.data?.colours;
  const { t } = useTranslation('forms');
  const clearLabel = t('clear');
  const theme = useMemo(() => buildTheme(colours, clearLabel), [colours, clearLabel]);
  const cssVariables = useMemo(() => buildCssVariables(colours), [colours]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariables} defaultColorScheme="light">
      {/* Bottom right: toasts never cover the header's language, notification and user controls (issue 12). */}
      <Notifications position="bottom-right" />
      {children}
    </MantineProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ClientTheme>{children}</ClientTheme>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
