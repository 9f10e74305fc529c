import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../../lib/auth-store';
import { useUnreadCount } from '../api/messages';

/**
 * The header's bell (issue 14): the unread count of messages and notifications, a link to the inbox. Self-contained:
 * it asks for the count itself (polling, see useUnreadCount) and shows nothing for a signed-out visitor.
 */
export function NotificationBell() {
  const { t } = useTranslation('messages');
  const { user } = useAuth();
  const unread = useUnreadCount(!!user && !user.passwordChangeRequired);
  if (!user || user.passwordChangeRequired) return null;
  const total = unread.data?.total ?? 0;
  const shown = total > 99 ? '99+' : String(total);
  return (
    <Indicator label={shown} size={18} color="red.9" disabled={total === 0} offset={4} data-testid="unread-badge">
      <ActionIcon
        component={Link}
        to={unread.data ? boxWithNews(unread.data) : '/messages'}
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={total > 0 ? t('bell.unread', { count: total }) : t('bell.none')}
      >
        <IconBell size={22} aria-hidden />
      </ActionIcon>
    </Indicator>
  );
}

/** The bell opens the box that holds something new, the inbox first. */
function boxWithNews(u: { inbox: number; system: number; notifications: number }): string {
  if (u.inbox > 0) return '/messages';
  if (u.system > 0) return '/messages?box=system';
  if (u.notifications > 0) return '/messages?box=notifications';
  return '/messages';
}
