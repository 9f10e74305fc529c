import { PasswordInput } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';
import { useTranslation } from 'react-i18next';

/** A password input whose show/hide button has a name (WCAG 4.1.2; Mantine's has none of its own). */
export function PasswordField(props: ComponentPropsWithoutRef<typeof PasswordInput>) {
  const { t } = useTranslation();
  return <PasswordInput visibilityToggleButtonProps={{ 'aria-label': t('togglePassword') }} {...props} />;
}
