import type { TAttentionRemindResult } from '@lms/contracts/reports';
import type { TFunction } from 'i18next';
import { errorCodeKey } from '../../../lib/error-keys';

/** The reminders' answer as one notice: "2 reminders were sent. 3 × The course's dates have passed." */
export function remindResultText(result: TAttentionRemindResult, t: TFunction<['reports', 'errors']>): string {
  const skipped = Object.entries(result.skipped).filter(([, count]) => (count ?? 0) > 0);
  const parts = skipped.map(([code, count]) => t('remind.skipped', { count, reason: t(errorCodeKey(code)) }));
  return [t('remind.sent', { count: result.sent }), ...parts].join(' ');
}
