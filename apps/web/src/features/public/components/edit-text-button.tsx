import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown only to a SUPERADMIN (platform.texts): opens the editor on the page itself. */
export function EditTextButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation('legal');
  return (
    <Button variant="outline" onClick={onClick}>
      {t('platform.edit')}
    </Button>
  );
}
