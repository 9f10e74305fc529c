import type { Locator, Page } from 'playwright-core';
import { settle } from './browser';

/**
 * Picks `iso` ('YYYY-MM-DD') in a DateField (Mantine's picker, issue 12) the way a reader does: opens the field,
 * pages forward to the date's month and clicks its day, named as Mantine names it ('9 Dezember 2026' in German).
 * A date only ahead of the month the calendar opens on: the fields that use it pick today or later.
 */
export async function pickDate(page: Page, scope: Locator, label: string, iso: string, locale = 'de-DE') {
  const [year = 0, month = 1, day = 1] = iso.split('-').map(Number);
  const monthName = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
  const dayName = `${day} ${monthName} ${year}`;
  const next = locale.startsWith('de') ? 'Nächster Monat' : locale.startsWith('fr') ? 'Mois suivant' : 'Next month';
  const field = scope.getByLabel(label);
  await field.click();
  // The calendar this field opened (Mantine names it in aria-controls); another field's may still be fading out.
  const id = await field.getAttribute('aria-controls');
  const calendar = id ? page.locator(`[id="${id}"]`) : page.locator('.mantine-DatePickerInput-dropdown').last();
  await calendar.waitFor();
  const dayButton = calendar.getByRole('button', { name: dayName, exact: true });
  for (let i = 0; i < 24 && (await dayButton.count()) === 0; i++)
    await calendar.getByRole('button', { name: next }).click();
  await dayButton.click();
  await calendar.waitFor({ state: 'hidden' });
  await settle(page);
}
