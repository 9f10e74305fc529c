import { LOCALES, type TLocale } from '@lms/contracts/constants';
import { Tabs, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocale } from '../lib/i18n';

interface Props {
  value: TLocale;
  onChange: (locale: TLocale) => void;
  /** The space above each panel. */
  pt: MantineSpacing;
  /** One panel's content; only the open tab's is mounted. */
  children: (locale: TLocale) => ReactNode;
}

/** One tab per locale for texts kept in every language (spec section 9: de-DE, en-US, fr-FR). */
export function LocaleTabs({ value, onChange, pt, children }: Props) {
  // The languages' names stand in the courses namespace (legal, clients and users repeat them word for word).
  const { t } = useTranslation('courses');
  return (
    <Tabs value={value} onChange={(v) => isLocale(v) && onChange(v)} keepMounted={false}>
      <Tabs.List>
        {LOCALES.map((l) => (
          <Tabs.Tab key={l} value={l}>
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
