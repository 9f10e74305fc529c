import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, heading, openPage, screenshot, settle, signIn } from './browser';
import { apiAs } from './training-helpers';
import { useJourney } from './journey';

// Issue 32 point 3, imagery: a content master uploads a cover and crops it to 16:9 in the course editor; the
// learner's dashboard and training page show it (lazily loaded, sized), a course without one shows the pattern
// drawn in the client's colours. Axe on every screen; German and English at 1280 and 390 px. A green client's KPI
// page: its figure icons in its green, not blue.

const TRAINED = 'Datenschutz im Vertrieb';
const GREEN = '#2e7d32';

const atWidth = async (page: Page, width: number) => {
  await page.setViewportSize({ width, height: 800 });
  await settle(page);
};

const shots = async (page: Page, name: string) => {
  await screenshot(page, `${name}-1280`);
  await atWidth(page, 390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}: no sideways scroll`).toBe(390);
  await screenshot(page, `${name}-390`);
  await atWidth(page, 1280);
};

/** The covers on the page: each an <img loading=lazy> with width and height, and whether it is a picture. */
const coversOf = (page: Page) =>
  page.locator('img[data-cover]').evaluateAll((imgs) =>
    (imgs as HTMLImageElement[]).map((i) => ({
      kind: i.dataset.cover,
      loading: i.getAttribute('loading'),
      sized: Number(i.getAttribute('width')) > 0 && Number(i.getAttribute('height')) > 0,
      src: i.getAttribute('src')?.slice(0, 30) ?? '',
    })),
  );

/** A picture of 1600 x 1200 (4:3), so the crop has something to cut. */
const photo = () =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c0392b' } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200"><circle cx="800" cy="600" r="400" fill="#f1c40f"/></svg>',
        ),
      },
    ])
    .jpeg()
    .toBuffer();

describe('course covers', () => {
  const { server, browser } = useJourney({ keepDemoTraining: true });

  it('the content master uploads and crops a cover; the dashboard and the training page show it, lazily and sized', async () => {
    const content = await apiAs(server, 'content@demo.example');
    const list = await content.get<{ items: Array<{ id: string; title: string }> }>('/courses?page=1&pageSize=100');
    const course = list.items.find((c) => c.title === TRAINED);
    expect(course).toBeTruthy();
    // A course without a cover, for the pattern (and no training: it shows in the course list).
    await content.post('/courses', { i18n: { 'de-DE': { title: 'Ohne Titelbild', description: '' } } });

    const { context, page } = await openPage(browser);
    await signIn(page, server, 'content@demo.example');
    // The demo's covers are there; remove this one, so the upload below is the one seen.
    await page.goto(server.url(`/content/courses/${course?.id}`));
    const field = page.getByRole('region', { name: 'Titelbild' });
    await field.getByRole('button', { name: 'Titelbild entfernen' }).click();
    await expect.poll(() => field.locator('img[data-cover]').getAttribute('data-cover')).toBe('pattern');

    const chooser = page.waitForEvent('filechooser');
    await field.getByRole('button', { name: 'Bild auswählen' }).click();
    await (await chooser).setFiles({ name: 'foto.jpg', mimeType: 'image/jpeg', buffer: await photo() });
    const dialog = page.getByRole('dialog', { name: 'Ausschnitt wählen' });
    await dialog.locator('.reactEasyCrop_Container').waitFor();
    await dialog.getByRole('slider').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expectAccessible(page, 'cover crop dialog');
    await screenshot(page, 'course-cover-crop-de');
    await dialog.getByRole('button', { name: 'Titelbild speichern' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => field.locator('img[data-cover]').getAttribute('data-cover')).toBe('picture');
    const src = (await field.locator('img[data-cover]').getAttribute('src')) ?? '';
    expect(src).toMatch(new RegExp(`^/api/courses/${course?.id}/cover/[0-9a-f-]{36}$`));
    // The stored cover is 16:9 at the stored size, whatever the upload's shape.
    const stored = await fetch(server.url(src));
    expect(stored.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await stored.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1280, 720]);
    await expectAccessible(page, 'course editor with cover');
    await shots(page, 'course-cover-editor-de');

    await page.goto(server.url('/content/courses'));
    await expect.poll(() => heading(page).textContent()).toBe('Kurse');
    await expect.poll(async () => (await coversOf(page)).length).toBeGreaterThanOrEqual(3);
    const listed = await coversOf(page);
    expect(listed.every((c) => c.loading === 'lazy' && c.sized)).toBe(true);
    expect(listed.map((c) => c.kind)).toContain('pattern');
    await expectAccessible(page, 'course list with covers');
    await shots(page, 'course-list-covers-de');
    await context.close();

    const learner = await openPage(browser);
    await signIn(learner.page, server, 'participant@demo.example');
    const card = learner.page.getByRole('article', { name: TRAINED });
    await card.waitFor();
    const cover = card.locator('img[data-cover]');
    await expect.poll(() => cover.getAttribute('src')).toBe(src);
    expect(await cover.getAttribute('loading')).toBe('lazy');
    expect([await cover.getAttribute('width'), await cover.getAttribute('height')]).toEqual(['480', '270']);
    await expect.poll(() => cover.evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBe(1280);
    // The premium catalogue's course has the demo's drawn cover.
    const catalogue = learner.page.getByRole('region', { name: 'Premium-Kurse' });
    expect(await catalogue.locator('img[data-cover]').first().getAttribute('data-cover')).toBe('picture');
    await expectAccessible(learner.page, 'dashboard with covers');
    await shots(learner.page, 'dashboard-covers-de');

    await card.getByRole('link', { name: TRAINED, exact: true }).click();
    await expect.poll(() => heading(learner.page).textContent()).toBe(TRAINED);
    const banner = learner.page.locator('main img[data-cover]');
    await expect.poll(() => banner.getAttribute('src')).toBe(src);
    expect(await banner.getAttribute('loading')).toBe('lazy');
    expect(Number(await banner.getAttribute('height'))).toBeGreaterThan(0);
    await expectAccessible(learner.page, 'training page with cover');
    await shots(learner.page, 'training-cover-de');

    await learner.page.goto(server.url('/'));
    await learner.page.getByRole('combobox', { name: 'Sprache' }).selectOption('en-US');
    await expect.poll(() => heading(learner.page).textContent()).toBe('Welcome, Paula Participant');
    await expect.poll(() => learner.page.getByRole('region', { name: 'Premium courses' }).count()).toBe(1);
    // The training's English title, once the dashboard has been read again in English.
    await learner.page.getByRole('link', { name: 'Data protection in sales', exact: true }).waitFor();
    await expectAccessible(learner.page, 'dashboard with covers (en)');
    await shots(learner.page, 'dashboard-covers-en');
    await learner.page.getByRole('link', { name: 'Data protection in sales', exact: true }).click();
    await expect.poll(() => heading(learner.page).textContent()).toBe('Data protection in sales');
    await shots(learner.page, 'training-cover-en');
    await learner.page.getByRole('combobox', { name: 'Language' }).selectOption('de-DE');
    await learner.context.close();
  });

  it('draws the KPI icons and the pattern of a green client in its green', async () => {
    const admin = await apiAs(server, 'admin@demo.example');
    const client = await admin.get<{ id: string; colours: Record<string, string> }>('/client/current');
    await admin.post(`/client/${client.id}`, { colours: { ...client.colours, primaryButton: GREEN } });
    const { context, page } = await openPage(browser);
    await signIn(page, server, 'admin@demo.example');
    const icon = page.locator('a:has([data-figure="courses"]) .mantine-ThemeIcon-root');
    await icon.waitFor();
    const colour = await icon.evaluate((el) => getComputedStyle(el).color);
    // Mantine's light variant: the primary colour's shade as the icon's colour; green, not blue.
    const [r, g, b] = (colour.match(/\d+/g) ?? []).map(Number);
    expect(g, colour).toBeGreaterThan(r ?? 0);
    expect(g, colour).toBeGreaterThan(b ?? 0);
    await expectAccessible(page, 'staff home of a green client');
    await shots(page, 'kpi-green-de');
    await page.goto(server.url('/content/courses'));
    await expect.poll(async () => (await coversOf(page)).some((c) => c.kind === 'pattern')).toBe(true);
    await shots(page, 'course-list-green-de');
    await admin.post(`/client/${client.id}`, { colours: client.colours });
    await context.close();
  });
});
