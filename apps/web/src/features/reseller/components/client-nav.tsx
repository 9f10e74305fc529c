import { can, type TCapability } from '@lms/contracts/permissions';
import type { TRole } from '@lms/contracts/roles';
import { Anchor, Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export const CLIENT_TABS = [
  'data',
  'design',
  'legal',
  'contacts',
  'companies',
  'premium',
  'smtp',
  'tokens',
  'settings',
  'audit',
] as const;
export type TClientTab = (typeof CLIENT_TABS)[number];

/** The path of a tab: the data tab is the client's own path, every other tab a sub-path (spec section 2). */
export const tabPath = (clientId: string, tab: TClientTab) =>
  tab === 'data' ? `/reseller/clients/${clientId}` : `/reseller/clients/${clientId}/${tab}`;

/** The capability a tab needs beyond the client page's own (PERMISSIONS.md). */
const TAB_CAPABILITY: Partial<Record<TClientTab, TCapability>> = {
  smtp: 'clients.smtpAndTokens',
  tokens: 'clients.smtpAndTokens',
  settings: 'clients.settings',
  audit: 'audit.read',
};

/** PERMISSIONS.md: SMTP and tokens, the settings and the audit trail only for the roles that hold them. */
export const tabsFor = (role: TRole | undefined): TClientTab[] =>
  CLIENT_TABS.filter((tab) => {
    const capability = TAB_CAPABILITY[tab];
    return capability === undefined || (!!role && can(role, capability));
  });

interface Props {
  clientId: string;
  name: string;
  tab: TClientTab;
  role: TRole | undefined;
}

/** The client's name (on every tab) and its tabs as links, the current one marked for assistive technology. */
export function ClientNav({ clientId, name, tab, role }: Props) {
  const { t } = useTranslation('clients');
  const overview = !!role && can(role, 'clients.overview');
  return (
    <div>
      {overview && (
        <Anchor component={Link} to="/reseller/clients" size="sm">
          {t('nav.back')}
        </Anchor>
      )}
      <Text size="sm" mt={4}>
        {t('nav.client')}
      </Text>
      <Title order={1}>{name}</Title>
      <Group component="nav" aria-label={t('nav.label')} gap="md" mt="xs" wrap="wrap">
        {tabsFor(role).map((item) => {
          const current = item === tab;
          return (
            <Anchor
              key={item}
              component={Link}
              to={tabPath(clientId, item)}
              aria-current={current ? 'page' : undefined}
              fw={current ? 700 : 400}
              underline={current ? 'always' : 'hover'}
            >
              {t(`tabs.${item}`)}
            </Anchor>
          );
        })}
      </Group>
    </div>
  );
}
