import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** While a page's code or data loads; the status role announces it without moving focus. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="40vh" role="status">
      <Loader aria-hidden />
      <VisuallyHidden>{t('loading')}</VisuallyHidden>
    </Center>
  );
}
