import { notifications } from '@mantine/notifications';
import i18n from '../../../lib/i18n';

/** A green notice whose close button has a name (WCAG 4.1.2). */
export function notifyDone(message: string): void {
  notifications.show({ color: 'green', message, closeButtonProps: { 'aria-label': i18n.t('mail:close') } });
}
