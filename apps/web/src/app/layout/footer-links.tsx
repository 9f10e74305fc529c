import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentClient } from '../../lib/use-current-client';

/** The footer's links (the frame supplies the <footer> landmark). Spec section 2 "Footer: support, privacy, imprint"; support writes to the client's support e-mail. */
export function FooterLinks() {
  const { t } = useTranslation();
  const supportEmail = useCurrentClient().data?.supportEmail;
  return (
    <Group justify="center" gap="lg" py="sm" h="100%">
      {supportEmail && (
        <Anchor href={`mailto:${supportEmail}`} size="sm">
          {t('footer.support')}
        </Anchor>
      )}
      <Anchor component={Link} to="/client/privacy-policy" size="sm">
        {t('footer.privacy')}
      </Anchor>
      <Anchor component={Link} to="/client/imprint" size="sm">
        {t('footer.imprint')}
      </Anchor>
    </Group>
  );
}
