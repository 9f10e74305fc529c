import type { TMailStatus } from '@lms/contracts/mail';

export const statusColour = (status: TMailStatus): string =>
  ({ queued: 'blue', sent: 'green', failed: 'red', cancelled: 'gray' })[status];

/** Badges keep their whole word: Mantine would cut a long status ("Fehlgeschlagen") in a narrow column. */
export const BADGE_STYLES = {
  root: { overflow: 'visible', maxWidth: 'none' },
  label: { overflow: 'visible' },
} as const;
