import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import errors from '../../../locales/en-US/errors.json';
import trainings from '../../../locales/en-US/trainings.json';
import { remindAllText } from './remind-all-text';

const i18n = i18next.createInstance();
await i18n.init({
  lng: 'en-US',
  ns: ['trainings', 'errors'],
  resources: { 'en-US': { trainings, errors } },
  showSupportNotice: false,
});
const t = i18n.getFixedT('en-US', 'trainings');

describe('the notice of "remind all open" (issue 32)', () => {
  it('says how many were reminded and why the others were skipped, in words', () => {
    expect(remindAllText({ sent: 3, skipped: { reminder_too_soon: 2 } }, t)).toBe(
      '3 reminders were sent. 2 skipped because reminded recently.',
    );
    expect(remindAllText({ sent: 1, skipped: { mail_send_failed: 1 } }, t)).toBe(
      '1 reminder was sent. 1 skipped: no e-mail address or account deactivated.',
    );
  });

  it('says that nobody is open when there was no one to remind', () => {
    expect(remindAllText({ sent: 0, skipped: {} }, t)).toBe('Nobody is open any more: no reminder was sent.');
  });

  it('names any other skip code by its error text', () => {
    expect(remindAllText({ sent: 0, skipped: { unknown_error: 1 } }, t)).toBe(
      `0 reminders were sent. 1 × ${errors.unknown_error}`,
    );
  });
});
