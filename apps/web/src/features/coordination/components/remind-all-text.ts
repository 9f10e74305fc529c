import type { TRemindAllResult } from '@lms/contracts/reminders';
import type { TFunction } from 'i18next';
import { errorCodeKey } from '../../../lib/error-keys';

/** The skip codes with their own sentence; any other code shows as "2 × <the text of its error code>". */
const SKIP_SENTENCES: Record<string, string> = {
  reminder_too_soon: 'reminders.skippedTooSoon',
  mail_send_failed: 'reminders.skippedUnreachable',
};

/**
 * What "remind all open" answers, as one notice: "3 reminders were sent. 2 skipped because reminded recently."
 * The completed and optional are not open and are in no count (issue 32); with nobody open it says so.
 */
export function remindAllText(result: TRemindAllResult, t: TFunction<'trainings'>): string {
  const skipped = Object.entries(result.skipped).filter(([, count]) => (count ?? 0) > 0);
  if (result.sent === 0 && skipped.length === 0) return t('reminders.noneOpen');
  const parts = skipped.map(([code, count]) =>
    SKIP_SENTENCES[code]
      ? t(SKIP_SENTENCES[code], { count })
      : t('reminders.skipped', { count, reason: t(errorCodeKey(code)) }),
  );
  return [t('reminders.allSent', { count: result.sent }), ...parts].join(' ');
}
