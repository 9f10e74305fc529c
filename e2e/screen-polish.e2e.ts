import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, openPage, screenshot, settle, signIn } from './browser';
import { pickDate } from './date-picker';
import { useJourney } from './journey';

// Issue 32, the smaller points that had no browser test of their own: a new course page opens at its top (point 15),
// every picture of the dashboard and the header is sized and the ones below the fold load lazily (acceptance), and
// the user form's dates are Mantine's pickers that save what was picked (point 9). Axe on each screen.

/** Each <img> of the page: where it is, its loading and its size attributes, and the height it takes before loading. */
const imagesOf = (page: Page) =>
  page.locator('img').evaluateAll((imgs) =>
    imgs.map((i) => ({
      src: (i.getAttribute('src') ?? '').slice(0, 60),
      inHeader: i.closest('header') !== null,
      loading: i.getAttribute('loading'),
      width: Number(i.getAttribute('width')),
      height: Number(i.getAttribute('height')),
      cssHeight: getComputedStyle(i).height,
    })),
  );

/** Today plus `days`, 'YYYY-MM-DD' in UTC. */
const dayOf = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('screen polish (issue 32)', () => {
  // The demo training, so the participant's dashboard has a course card with its cover.
  const { server, browser } = useJourney({ keepDemoTraining: true });

  it('opens a course just created at its top, though the form was scrolled to its button', async () => {
    const { context, page } = await openPage(browser);
    // A short window, so the form's button is below the fold and the browser scrolls to it.
    await page.setViewportSize({ width: 390, height: 500 });
    await signIn(page, server, 'content@demo.example');
    await page.goto(server.url('/content/courses/new'));
    await page.getByLabel('Titel', { exact: true }).fill('Oben beginnen');
    const create = page.getByRole('button', { name: 'Kurs anlegen' });
    await create.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY), 'the form scrolled down to its button').toBeGreaterThan(0);
    await create.click();
    await page.waitForURL(/\/content\/courses\/[0-9a-f-]{36}$/);
    // The saved course's page: its cover field is there (the new-course form has none).
    await page.getByRole('region', { name: 'Titelbild' }).waitFor();
    await settle(page);
    expect(await page.evaluate(() => window.scrollY), 'the new course page starts at its top').toBe(0);
    await expectAccessible(page, 'new course page');
    await context.close();
  });

  it('sizes every picture of the dashboard and the header, and loads the ones below the header lazily', async () => {
    for (const width of [1280, 390]) {
      const { context, page } = await openPage(browser);
      await page.setViewportSize({ width, height: 800 });
      await signIn(page, server, 'participant@demo.example');
      await page.locator('main img[data-cover]').first().waitFor();
      await page.getByRole('banner').locator('img').waitFor();
      const images = await imagesOf(page);
      const header = images.filter((i) => i.inHeader);
      const below = images.filter((i) => !i.inHeader);
      // The logo: above the fold, so loaded at once; its height fixed by attribute and style (its width follows
      // the logo's proportions).
      expect(header, `header pictures at ${width} px`).toEqual([
        expect.objectContaining({ loading: 'eager', height: 40, cssHeight: '40px' }),
      ]);
      expect(below.length, `dashboard pictures at ${width} px`).toBeGreaterThan(0);
      for (const image of below)
        expect(image, `a dashboard picture at ${width} px`).toMatchObject({
          loading: 'lazy',
          width: expect.any(Number) as number,
          height: expect.any(Number) as number,
        });
      expect(below.every((i) => i.width > 0 && i.height > 0)).toBe(true);
      await expectAccessible(page, `dashboard at ${width} px`);
      if (width === 1280) await screenshot(page, 'polish-dashboard-images-de-1280');
      await context.close();
    }
  });

  it("picks the user form's dates in Mantine's calendar and saves them", async () => {
    const { context, page } = await openPage(browser);
    // The admin: a coordinator's new user must be put in one of their groups, which is not this test's matter.
    await signIn(page, server, 'admin@demo.example');
    await page.goto(server.url('/coordination/users'));
    await page.getByRole('button', { name: 'Neuer Benutzer' }).click();
    const drawer = page.getByRole('dialog', { name: 'Neuer Benutzer' });
    await drawer.locator('input[name="firstName"]').fill('Dora');
    await drawer.locator('input[name="lastName"]').fill('Datum');
    await drawer.locator('input[name="email"]').fill('dora.datum@demo.example');
    // Birthday, hired since, active from and to: each the picker's button, none the browser's date input.
    expect(await drawer.locator('input[type="date"]').count()).toBe(0);
    for (const label of ['Geburtstag', 'Angestellt seit', 'Aktiv ab', 'Aktiv bis'])
      expect(await drawer.getByRole('button', { name: label, exact: true }).count(), label).toBe(1);
    const until = dayOf(40);
    await pickDate(page, drawer, 'Aktiv bis', until);
    const [y, m, d] = until.split('-');
    expect(await drawer.getByRole('button', { name: 'Aktiv bis', exact: true }).textContent()).toBe(`${d}.${m}.${y}`);
    await expectAccessible(page, 'user form with a picked date');
    await screenshot(page, 'polish-user-form-date-de');
    await drawer.getByRole('button', { name: 'Speichern' }).click();
    await expect.poll(() => drawer.isVisible()).toBe(false);
    const [stored] = await server.db.all<{ active_to: string | null }>('select active_to from users where email = ?', [
      'dora.datum@demo.example',
    ]);
    expect(String(stored?.active_to).slice(0, 10)).toBe(until);
    await context.close();
  });
  it('tells a coordinator who saves a new user without a group why, at the group field and in view', async () => {
    const { context, page } = await openPage(browser);
    await page.setViewportSize({ width: 1280, height: 700 });
    await signIn(page, server, 'coordinator@demo.example');
    await page.goto(server.url('/coordination/users'));
    await page.getByRole('button', { name: 'Neuer Benutzer' }).click();
    const drawer = page.getByRole('dialog', { name: 'Neuer Benutzer' });
    await drawer.locator('input[name="firstName"]').fill('Gerd');
    await drawer.locator('input[name="lastName"]').fill('Gruppenlos');
    await drawer.locator('input[name="email"]').fill('gerd.gruppenlos@demo.example');
    await drawer.getByRole('button', { name: 'Speichern' }).click();
    // The text above the fields is scrolled into view (the button is at the drawer's foot), and the field says it.
    const alert = drawer.getByRole('alert').first();
    await alert.waitFor();
    await expect
      .poll(() =>
        alert.evaluate((el) => {
          // In the window and on top: not under the drawer's sticky header either.
          const r = el.getBoundingClientRect();
          const top = document.elementFromPoint(r.left + r.width / 2, r.top + 4);
          return r.top >= 0 && r.bottom <= window.innerHeight && top !== null && el.contains(top);
        }),
      )
      .toBe(true);
    // The same words stand at the group field (the alert's text once more, as the field's error).
    const said = (await alert.textContent()) ?? '';
    expect(said).not.toBe('');
    expect(await drawer.getByText(said, { exact: true }).count()).toBe(2);
    expect(await drawer.isVisible()).toBe(true);
    const [row] = await server.db.all<{ n: number }>('select count(*) as n from users where email = ?', [
      'gerd.gruppenlos@demo.example',
    ]);
    expect(Number(row?.n)).toBe(0);
    await expectAccessible(page, 'user form, coordinator without a group');
    await screenshot(page, 'polish-user-form-no-group-de');
    await context.close();
  });
});
