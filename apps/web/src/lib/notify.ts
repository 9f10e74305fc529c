import { notifications } from '@mantine/notifications';
import i18n from './i18n';

/** A success notice whose close button has a name (WCAG 4.1.2; Mantine's has none of its own). */
export function notifySuccess(message: string): void {
  notifications.show({ color: 'green', message, closeButtonProps: { 'aria-label': i18n.t('common:closeNotice') } });
}

/** The close button of a drawer or modal needs a name too (WCAG 4.1.2). */
export const closeButton = () => ({ 'aria-label': i18n.t('common:close') });
