import { NavLink, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../../lib/auth-store';
import { menuEntriesFor, type MenuEntry } from './menu-entries';

const isActive = (pathname: string, to: string) =>
  to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);

export function MainMenu({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { user } = useAuth();
  if (!user) return null;

  const item = (entry: MenuEntry) => {
    const active = isActive(pathname, entry.to);
    if (entry.children)
      return (
        <NavLink
          key={entry.key}
          label={t(`menu.${entry.key}`)}
          defaultOpened={entry.children.some((c) => isActive(pathname, c.to))}
          childrenOffset="md"
        >
          {entry.children.map(item)}
        </NavLink>
      );
    return (
      <NavLink
        key={entry.key}
        component={Link}
        to={entry.to}
        label={t(`menu.${entry.key}`)}
        active={active}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
      />
    );
  };
  return <Stack gap={2}>{menuEntriesFor(user).map(item)}</Stack>;
}
