import { Anchor, Group, Image, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentClient } from '../../lib/use-current-client';

/** The client's logo and name (spec section 3, Client), linking home. */
export function Brand() {
  const { t } = useTranslation();
  const client = useCurrentClient();
  const name = client.data?.name || t('appName');
  const logoUrl = client.data?.logoUrl;
  return (
    <Anchor component={Link} to="/" underline="never" c="inherit" style={{ minWidth: 0 }}>
      <Group gap="sm" wrap="nowrap">
        {/* Above the fold, so loaded at once (not lazily); its height attribute holds the header's 40 px before the
            picture arrives (issue 32: images sized). Its width follows the logo's own proportions, up to 160 px. */}
        {logoUrl && (
          <Image
            src={logoUrl}
            alt={t('logoOf', { name })}
            loading="eager"
            height={40}
            h={40}
            w="auto"
            maw={160}
            fit="contain"
          />
        )}
        {/* On a phone the logo alone names the client (its alt text), leaving room for the header's controls. */}
        <Text
          component="span"
          fw={700}
          size="lg"
          c="var(--lms-color-headline)"
          truncate="end"
          visibleFrom={logoUrl ? 'sm' : undefined}
        >
          {name}
        </Text>
      </Group>
    </Anchor>
  );
}
