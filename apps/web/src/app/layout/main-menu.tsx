import { NavLink, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../../lib/auth-store';
import { menuEntriesFor, type MenuEntry } from './menu-entries';

const isActive = (pathname: string, to: string) =>
  to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);

interface ItemProps {
  entry: MenuEntry;
  pathname: string;
  onNavigate: () => void;
}

/** A group opens with a real button that says whether it is expanded (WAI-ARIA disclosure pattern). */
function MenuGroup({ entry, pathname, onNavigate }: ItemProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(() => (entry.children ?? []).some((c) => isActive(pathname, c.to)));
  return (
    <NavLink
      component="button"
      type="button"
      label={t(`menu.${entry.key}`)}
      opened={opened}
      onChange={setOpened}
      aria-expanded={opened}
      childrenOffset="md"
    >
      {(entry.children ?? []).map((child) => (
        <MenuItem key={child.key} entry={child} pathname={pathname} onNavigate={onNavigate} />
      ))}
    </NavLink>
  );
}

function MenuItem({ entry, pathname, onNavigate }: ItemProps) {
  const { t } = useTranslation();
  const active = isActive(pathname, entry.to);
  return (
    <NavLink
      component={Link}
      to={entry.to}
      label={t(`menu.${entry.key}`)}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
    />
  );
}

export function MainMenu({ onNavigate }: { onNavigate: () => void }) {
  const { pathname } = useLocation();
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Stack gap={2}>
      {menuEntriesFor(user).map((entry) =>
        entry.children ? (
          <MenuGroup key={entry.key} entry={entry} pathname={pathname} onNavigate={onNavigate} />
        ) : (
          <MenuItem key={entry.key} entry={entry} pathname={pathname} onNavigate={onNavigate} />
        ),
      )}
    </Stack>
  );
}
