import { LOCALES, type TLocale } from '@lms/contracts/constants';
import { Tabs, type MantineSpacing } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocale } from '../lib/i18n';

interface Props {
  value: TLocale;
  onChange: (locale: TLocale) => void;
  /** The space above each panel. */
  pt: MantineSpacing;
  /** Locales whose panel holds a field a failed save marked: their tab is marked too (issue 12). */
  invalid?: readonly TLocale[];
  /** One panel's content; only the open tab's is mounted. */
  children: (locale: TLocale) => ReactNode;
}

/** One tab per locale for texts kept in every language (spec section 9: de-DE, en-US, fr-FR). */
export function LocaleTabs({ value, onChange, pt, invalid = [], children }: Props) {
  // The languages' names stand in the courses namespace (legal, clients and users repeat them word for word).
  const { t } = useTranslation('courses');
  const { t: tf } = useTranslation('forms');
  return (
    <Tabs value={value} onChange={(v) => isLocale(v) && onChange(v)} keepMounted={false}>
      <Tabs.List>
        {LOCALES.map((l) => (
          <Tabs.Tab
            key={l}
            value={l}
            color={invalid.includes(l) ? 'red' : undefined}
            c={invalid.includes(l) ? 'red.9' : undefined}
            rightSection={
              invalid.includes(l) ? <IconAlertCircle size={16} aria-label={tf('tabHasErrors')} role="img" /> : undefined
            }
          >
            {t(`locales.${l}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {LOCALES.map((l) => (
        <Tabs.Panel key={l} value={l} pt={pt}>
          {children(l)}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
