import type { TClientColours } from '@lms/contracts/client';
import { contrastRatio, luminance } from '../../../lib/colour';

/** WCAG 2.1 AA (1.4.3): normal text needs 4.5:1 against its background. */
export const AA_RATIO = 4.5;

/** The label colour a filled button gets (lib/theme.ts: black or white by luminance, threshold 0.179). */
export const labelOn = (fill: string): string => (luminance(fill) > 0.179 ? '#000000' : '#ffffff');

export interface ContrastPair {
  key: 'text' | 'text2' | 'headline' | 'info' | 'primaryButton' | 'secondaryButton';
  ratio: number;
}

/** Every text/background pair the design shows, with its contrast ratio. */
export function contrastPairs(c: TClientColours): ContrastPair[] {
  return [
    { key: 'text', ratio: contrastRatio(c.text, c.background) },
    { key: 'text2', ratio: contrastRatio(c.text2, c.background) },
    { key: 'headline', ratio: contrastRatio(c.headline, c.background) },
    { key: 'info', ratio: contrastRatio(c.info, c.background) },
    { key: 'primaryButton', ratio: contrastRatio(labelOn(c.primaryButton), c.primaryButton) },
    { key: 'secondaryButton', ratio: contrastRatio(labelOn(c.secondaryButton), c.secondaryButton) },
  ];
}
