import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, heading, openPage, screenshotsAtWidths, signIn } from './browser';
import { resetLocales } from './database';
import { DEMO_PASSWORD, type TestServer } from './harness';
import { useJourney } from './journey';
import { apiAs, createCourseWithModules, userIdOf } from './training-helpers';

// Issue 31: a RESELLER_COORDINATOR of Demo reads the reports of Beta, the client Demo resells, read only. The client
// is a choice in the filters (its own first), kept in the URL like every filter: a reload shows the same client's
// report, a change of client drops the training filter (Demo's trainings are not Beta's), the export is Beta's, and no
// reminder is offered.
// Demo: "Erste Hilfe Demo", Paula overdue (1 assigned). Beta: "Arbeitsschutz Beta", its Vertrieb (Bruno) and two more
// people overdue (3 assigned). Axe and screenshots in German and English at 1280 and 390 px.

const DEMO_TRAINING = 'Erste Hilfe Demo';
const BETA_TRAINING = 'Arbeitsschutz Beta';
const READER = 'reseller-coordinator@demo.example';
const DAY = 86_400_000;

/** API calls as a Beta user on Beta's host (Node's http lets us set Host; fetch does not). JSON bodies only. */
async function betaApi(server: TestServer, login: string) {
  const call = <T>(method: string, path: string, body: unknown, token?: string) =>
    new Promise<T>((resolve, reject) => {
      const data = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        {
          host: '127.0.0.1',
          port: server.port,
          method,
          path: `/api${path}`,
          headers: {
            host: 'beta.localhost',
            ...(data ? { 'content-type': 'application/json' } : {}),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () =>
            (res.statusCode ?? 500) < 300
              ? resolve(JSON.parse(text) as T)
              : reject(new Error(`${method} ${path}: ${res.statusCode} ${text}`)),
          );
        },
      );
      req.on('error', reject);
      req.end(data);
    });
  const { token } = await call<{ token: string }>('POST', '/user/login', {
    emailOrUsername: login,
    password: DEMO_PASSWORD,
  });
  return { post: <T>(path: string, body: unknown) => call<T>('POST', path, body, token) };
}

describe("the reports of a resold client: a reseller coordinator reads Beta's, read only", () => {
  const { server, browser } = useJourney();
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    await resetLocales(server.db);
    const groupOf = async (domain: string) => {
      const [row] = await server.db.all<{ id: string }>(
        "SELECT g.id FROM groups g JOIN clients c ON c.id = g.client_id WHERE g.name = 'Vertrieb' AND c.platform_domain = ?",
        [domain],
      );
      return row!.id;
    };
    const [beta] = await server.db.all<{ id: string }>(
      "SELECT id FROM clients WHERE platform_domain = 'beta.localhost'",
    );
    ids.beta = beta!.id;
    const admin = await apiAs(server, 'admin@demo.example');
    const { courseId } = await createCourseWithModules(server, DEMO_TRAINING);
    ids.demo = (
      await admin.post<{ id: string }>('/course-training', { courseId, groupIds: [await groupOf('localhost')] })
    ).id;
    const betaAdmin = await betaApi(server, 'admin@beta.example');
    const course = await betaAdmin.post<{ id: string }>('/courses', {
      i18n: {
        'de-DE': { title: BETA_TRAINING, description: 'Gefährdungen erkennen.' },
        'en-US': { title: `${BETA_TRAINING} (EN)`, description: 'Recognising hazards.' },
      },
    });
    const extra = [await userIdOf(server, 'coordinator@beta.example'), await userIdOf(server, 'admin@beta.example')];
    ids.betaTraining = (
      await betaAdmin.post<{ id: string }>('/course-training', {
        courseId: course.id,
        groupIds: [await groupOf('beta.localhost')],
        userIds: extra,
      })
    ).id;
    // Both deadlines passed yesterday: everyone assigned is overdue.
    const yesterday = new Date(Date.now() - DAY).toISOString().slice(0, 10);
    for (const id of [ids.demo, ids.betaTraining])
      await server.db.run('UPDATE trainings SET deadline = ? WHERE id = ?', [yesterday, id]);
  });

  const query = (page: Page) => new URL(page.url()).searchParams;
  const figure = (page: Page, key: string) => page.locator(`[data-figure="${key}"] p`).nth(1).textContent();

  async function chooseClient(page: Page, label: string, name: string, typed: string) {
    const picker = page.getByRole('combobox', { name: label, exact: true });
    await picker.click();
    await picker.fill(typed);
    await page.getByRole('listbox').getByRole('option', { name, exact: true }).click();
    await expect.poll(() => picker.inputValue()).toBe(name);
  }

  async function journey(page: Page, lang: 'de' | 'en') {
    const w =
      lang === 'de'
        ? {
            title: 'Compliance-Übersicht',
            client: 'Mandant',
            own: 'Demo (eigener Mandant)',
            training: 'Schulung',
            toAttention: 'Überfällig und ablaufend anzeigen',
            listTitle: 'Überfällig und ablaufend',
          }
        : {
            title: 'Compliance overview',
            client: 'Client',
            own: 'Demo (own client)',
            training: 'Training',
            toAttention: 'Show overdue and expiring',
            listTitle: 'Overdue and expiring',
          };
    const demoTitle = lang === 'de' ? DEMO_TRAINING : `${DEMO_TRAINING} (EN)`;
    const betaTitle = lang === 'de' ? BETA_TRAINING : `${BETA_TRAINING} (EN)`;
    await page.goto(server.url('/reports'));
    await expect.poll(() => heading(page).textContent()).toBe(w.title);
    // Without a choice: the own client's report, named first in the picker.
    const picker = page.getByRole('combobox', { name: w.client, exact: true });
    await expect.poll(() => picker.inputValue()).toBe(w.own);
    await expect.poll(() => figure(page, 'assigned')).toBe('1');
    const breakdown = page.getByTestId('report-breakdown');
    await expect.poll(() => breakdown.textContent()).toContain(demoTitle);
    // A training filter of Demo's, then Beta: the filter goes (it is Demo's), the choices become Beta's.
    await page.getByRole('combobox', { name: w.training, exact: true }).selectOption({ label: demoTitle });
    await expect.poll(() => query(page).get('training')).toBe(ids.demo);
    await picker.click();
    await expect.poll(() => page.getByRole('listbox').getByRole('option').first().textContent()).toBe(w.own);
    await screenshotsAtWidths(page, `reports-reseller-picker-${lang}`);
    await chooseClient(page, w.client, 'Beta', 'bet');
    await expect.poll(() => query(page).get('client')).toBe(ids.beta);
    expect(query(page).get('training')).toBeNull();
    await expect.poll(() => figure(page, 'assigned')).toBe('3');
    expect(await figure(page, 'overdue')).toBe('3');
    await expect.poll(() => breakdown.textContent()).toContain(betaTitle);
    expect(await breakdown.textContent()).not.toContain(demoTitle);
    const trainingFilter = page.getByRole('combobox', { name: w.training, exact: true });
    await expect.poll(() => trainingFilter.locator('option').allTextContents()).toContain(betaTitle);
    expect(await trainingFilter.locator('option').allTextContents()).not.toContain(demoTitle);
    // A reload (or the link shared) shows Beta's report again.
    await page.reload();
    await expect.poll(() => picker.inputValue()).toBe('Beta');
    await expect.poll(() => figure(page, 'assigned')).toBe('3');
    await expectAccessible(page, `compliance overview of a resold client (${lang})`);
    await screenshotsAtWidths(page, `reports-reseller-compliance-${lang}`);

    // The list keeps the client: Beta's people, and no reminder for a reseller (read only).
    await page.getByRole('link', { name: w.toAttention }).click();
    await expect.poll(() => heading(page).textContent()).toBe(w.listTitle);
    expect(query(page).get('client')).toBe(ids.beta);
    const main = page.getByRole('main');
    await expect.poll(() => main.textContent()).toContain('Bruno Participant');
    for (const name of ['Berta Coordinator', 'Ben Admin']) expect(await main.textContent()).toContain(name);
    expect(await main.textContent()).not.toContain('Paula Participant');
    expect(await page.getByTestId('remind-bar').count()).toBe(0);
    expect(await main.getByRole('checkbox').count()).toBe(0);
    // Beta's trainings are not the reader's to coordinate: the title is no link.
    expect(await main.getByRole('link', { name: betaTitle }).count()).toBe(0);
    await page.reload();
    await expect.poll(() => main.textContent()).toContain('Bruno Participant');
    await expect.poll(() => page.getByRole('combobox', { name: w.client, exact: true }).inputValue()).toBe('Beta');
    expect(query(page).get('client')).toBe(ids.beta);
    await expectAccessible(page, `attention list of a resold client (${lang})`);
    await screenshotsAtWidths(page, `reports-reseller-attention-${lang}`);
    // The export takes the client too: Beta's rows, not Demo's.
    if (lang === 'de') {
      await page.getByRole('button', { name: 'Bericht exportieren' }).click();
      const download = page.waitForEvent('download');
      await page.getByRole('menuitem', { name: 'CSV (für Excel, mit Semikolon)' }).click();
      const csv = (await readFile((await (await download).path()) ?? '')).toString('utf8');
      expect(csv).toContain(`Bruno Participant;participant@beta.example;${BETA_TRAINING};`);
      expect(csv).not.toContain('Paula Participant');
    }

    // Back to the own client: the URL names none, Paula is listed again.
    await chooseClient(page, w.client, w.own, 'dem');
    await expect.poll(() => query(page).get('client')).toBeNull();
    await expect.poll(() => main.textContent()).toContain('Paula Participant');
    expect(await main.textContent()).not.toContain('Bruno Participant');
    expect(await page.getByTestId('remind-bar').count()).toBe(0);
  }

  it('picks Beta in the reports, keeps it in the URL and on reload, and offers no reminders (de, en)', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, server, READER);
    await journey(page, 'de');
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en-US');
    await journey(page, 'en');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de-DE');
    await context.close();
  });
});
