import { NavLink, Stack } from '@mantine/core';
import {
  IconAddressBook,
  IconBook,
  IconBuilding,
  IconBuildingCommunity,
  IconCrown,
  IconReceipt,
  IconCertificate,
  IconChalkboard,
  IconChartPie,
  IconClockExclamation,
  IconDownload,
  IconFileCertificate,
  IconHelpCircle,
  IconKey,
  IconLayoutDashboard,
  IconMail,
  IconMailCog,
  IconMailForward,
  IconMessages,
  IconPoint,
  IconReportAnalytics,
  IconSchool,
  IconSettings,
  IconUsers,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ZPremiumOffer } from '@lms/contracts/premium';
import { can } from '@lms/contracts/permissions';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-store';
import { premiumKeys } from '../../features/premium/api/premium';
import { activeMenuPath, menuEntriesFor, type MenuEntry } from './menu-entries';

/** Tabler icons (Mantine's companion set) beside each entry; an entry added later gets a neutral dot. */
const ICONS: Record<string, Icon> = {
  courses: IconSchool,
  overview: IconLayoutDashboard,
  premium: IconCrown,
  premiumInvoices: IconReceipt,
  downloads: IconDownload,
  messages: IconMessages,
  contacts: IconAddressBook,
  help: IconHelpCircle,
  coordination: IconUsersGroup,
  coordinationUsers: IconUsers,
  coordinationGroups: IconUsersGroup,
  coordinationTrainings: IconChalkboard,
  allDocuments: IconCertificate,
  reports: IconReportAnalytics,
  reportsCompliance: IconChartPie,
  reportsAttention: IconClockExclamation,
  administration: IconSettings,
  contentCourses: IconBook,
  contentCertificateTemplates: IconFileCertificate,
  contentMailTemplates: IconMail,
  contentMailQueue: IconMailForward,
  clientSettings: IconBuilding,
  clientSmtp: IconMailCog,
  clientOverview: IconBuildingCommunity,
  changePassword: IconKey,
};

const iconOf = (key: string) => {
  const EntryIcon = ICONS[key] ?? IconPoint;
  return <EntryIcon size={18} stroke={1.6} aria-hidden />;
};

interface ItemProps {
  entry: MenuEntry;
  /** The `to` of the entry the current page belongs to. */
  activeTo: string | undefined;
  onNavigate: () => void;
}

/** A group opens with a real button that says whether it is expanded (WAI-ARIA disclosure pattern). */
function MenuGroup({ entry, activeTo, onNavigate }: ItemProps) {
  const { t } = useTranslation();
  const holdsActive = (entry.children ?? []).some((c) => c.to === activeTo);
  const [opened, setOpened] = useState(holdsActive);
  // A page reached another way (a link in the page, the browser's back button) opens the group it belongs to.
  useEffect(() => {
    if (holdsActive) setOpened(true);
  }, [holdsActive]);
  return (
    <NavLink
      component="button"
      type="button"
      label={t(`menu.${entry.key}`)}
      leftSection={iconOf(entry.key)}
      opened={opened}
      onChange={setOpened}
      aria-expanded={opened}
      childrenOffset="md"
    >
      {(entry.children ?? []).map((child) => (
        <MenuItem key={child.key} entry={child} activeTo={activeTo} onNavigate={onNavigate} />
      ))}
    </NavLink>
  );
}

function MenuItem({ entry, activeTo, onNavigate }: ItemProps) {
  const { t } = useTranslation();
  const active = entry.to === activeTo;
  return (
    <NavLink
      component={Link}
      to={entry.to}
      label={t(`menu.${entry.key}`)}
      leftSection={iconOf(entry.key)}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
    />
  );
}

export function MainMenu({ onNavigate }: { onNavigate: () => void }) {
  const { pathname } = useLocation();
  const { user } = useAuth();
  // Asked once a session (cached by React Query); the premium page asks the same.
  const offer = useQuery({
    queryKey: premiumKeys.offer,
    queryFn: () => apiGet('/premium/offer', ZPremiumOffer),
    // Not while the password must be changed: every call but a few answers 403 then, and the API client takes a
    // 403 password_change_required to the change page, away from the legal pages such a user may still read.
    enabled: !!user && can(user.role, 'learner.use') && !user.passwordChangeRequired,
    staleTime: 5 * 60_000,
  });
  if (!user) return null;
  const entries = menuEntriesFor(user, { premium: offer.data?.available === true });
  const activeTo = activeMenuPath(entries, pathname);
  return (
    <Stack gap={2}>
      {entries.map((entry) =>
        entry.children ? (
          <MenuGroup key={entry.key} entry={entry} activeTo={activeTo} onNavigate={onNavigate} />
        ) : (
          <MenuItem key={entry.key} entry={entry} activeTo={activeTo} onNavigate={onNavigate} />
        ),
      )}
    </Stack>
  );
}
