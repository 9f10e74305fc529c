import type { TClientColours } from '@lms/contracts/client';
import { Box, Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { labelOn } from './colour-contrast';

/** A live preview of the seven colours: background, headline, text, second text, info and both buttons. */
export function DesignPreview({ colours: c }: { colours: TClientColours }) {
  const { t } = useTranslation('clients');
  const button = (fill: string) => ({
    background: fill,
    color: labelOn(fill),
    border: 0,
    borderRadius: 8,
    padding: '8px 16px',
    font: 'inherit',
    fontWeight: 600,
  });
  return (
    <Box
      role="figure"
      aria-label={t('design.previewLabel')}
      p="lg"
      style={{ background: c.background, borderRadius: 8, border: '1px solid var(--mantine-color-gray-4)' }}
    >
      <Title order={2} size="h3" style={{ color: c.headline }}>
        {t('design.previewHeadline')}
      </Title>
      <Text mt="xs" style={{ color: c.text }}>
        {t('design.previewText')}
      </Text>
      <Text size="sm" mt={4} style={{ color: c.text2 }}>
        {t('design.previewText2')}
      </Text>
      <Text size="sm" mt={4} fw={600} style={{ color: c.info }}>
        {t('design.previewInfo')}
      </Text>
      <Group mt="md">
        <button type="button" tabIndex={-1} style={button(c.primaryButton)}>
          {t('design.previewPrimary')}
        </button>
        <button type="button" tabIndex={-1} style={button(c.secondaryButton)}>
          {t('design.previewSecondary')}
        </button>
      </Group>
    </Box>
  );
}
