import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { expectAccessible, heading, openPage, screenshot, settle, signIn } from './browser';
import { useJourney } from './journey';

// Issue 14, item 3: an admin sends a system message to every user of Demo; the participant's header count goes up
// without a reload (the bell polls every 30 s, and asks again when the window gets the focus back), the message is
// read in the system box and the count goes down; the participant answers with a private message the admin finds
// in the inbox. Axe on every screen, screenshots in German and English at 1280 and 390 px. (A private message to a
// user of another client is refused with 404: apps/server/src/features/messages/message.test.ts.)

const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^(Nachrichten|Messages),/ });

const atWidth = async (page: Page, width: number) => {
  await page.setViewportSize({ width, height: 800 });
  await settle(page);
};

describe('messages and the unread count', () => {
  const { server, browser } = useJourney();
  afterAll(async () => {
    await server?.db.run('DELETE FROM system_messages');
    await server?.db.run('DELETE FROM messages');
  });

  it("an admin's system message raises the participant's unread count, reading it lowers it, a reply arrives", async () => {
    const participant = await openPage(browser);
    await signIn(participant.page, server, 'participant@demo.example');
    await expect.poll(() => bell(participant.page).getAttribute('aria-label')).toBe('Nachrichten, keine ungelesen');

    const admin = await openPage(browser);
    await signIn(admin.page, server, 'admin@demo.example');
    await admin.page.locator('#main-menu').getByRole('link', { name: 'Nachrichten' }).click();
    await expect.poll(() => heading(admin.page).textContent()).toBe('Nachrichten');
    await admin.page.getByText('Noch keine privaten Nachrichten.').waitFor();
    await expectAccessible(admin.page, 'messages (empty inbox)');
    await admin.page.getByRole('button', { name: 'Neue Systemnachricht' }).click();
    const compose = admin.page.getByRole('dialog', { name: 'Neue Systemnachricht' });
    await compose.waitFor();
    await expect.poll(() => compose.getByLabel('Alle Benutzer').isChecked()).toBe(true);
    await compose.getByLabel('Betreff').fill('Wartung am Freitag');
    await compose.getByLabel('Nachricht').fill('Die Plattform ist am Freitag von 18 bis 20 Uhr nicht erreichbar.');
    await expectAccessible(admin.page, 'system message dialog');
    await screenshot(admin.page, 'messages-compose-system-de');
    await compose.getByRole('button', { name: 'Senden' }).click();
    await admin.page.getByText('Die Nachricht wurde gesendet.').waitFor();

    // The participant's page was not reloaded: the bell's poll brings the count (within 30 s).
    await expect
      .poll(() => bell(participant.page).getAttribute('aria-label'), { timeout: 45_000, interval: 1_000 })
      .toBe('Nachrichten, 1 ungelesen');
    await expectAccessible(participant.page, 'dashboard with an unread message');
    await bell(participant.page).click();
    await participant.page.waitForURL((url) => url.pathname === '/messages' && url.search === '?box=system');
    const item = participant.page.getByRole('button', { name: 'Ungelesen: Wartung am Freitag' });
    await item.waitFor();
    await expectAccessible(participant.page, 'system messages with an unread one');
    await screenshot(participant.page, 'messages-system-unread-de-1280');
    await item.click();
    await participant.page.getByText('von 18 bis 20 Uhr').waitFor();
    await expect.poll(() => bell(participant.page).getAttribute('aria-label')).toBe('Nachrichten, keine ungelesen');
    await screenshot(participant.page, 'messages-system-read-de-1280');
    await atWidth(participant.page, 390);
    await screenshot(participant.page, 'messages-system-read-de-390');
    await atWidth(participant.page, 1280);

    // A private answer to the admin, found by name.
    await participant.page.getByRole('button', { name: 'Neue Nachricht' }).click();
    const reply = participant.page.getByRole('dialog', { name: 'Neue Nachricht' });
    await reply.getByPlaceholder('Namen eingeben, um zu suchen').fill('Anna');
    await participant.page.getByRole('option', { name: 'Anna Admin' }).click();
    await reply.getByLabel('Betreff').fill('Danke');
    await reply.getByLabel('Nachricht').fill('Danke für den Hinweis!');
    await expectAccessible(participant.page, 'private message dialog');
    await reply.getByRole('button', { name: 'Senden' }).click();
    await participant.page.getByText('Die Nachricht wurde gesendet.').waitFor();
    await participant.page.getByRole('tab', { name: 'Gesendet' }).click();
    await participant.page.getByText('An Anna Admin').waitFor();

    await admin.page.reload();
    await expect.poll(() => bell(admin.page).getAttribute('aria-label')).toBe('Nachrichten, 1 ungelesen');
    await admin.page.getByRole('button', { name: 'Ungelesen: Danke' }).waitFor();
    await expectAccessible(admin.page, 'inbox with a private message');
    await screenshot(admin.page, 'messages-inbox-de-1280');

    // Issue 32 point 13: a message can be answered; the reply goes to its sender with its subject.
    await admin.page.getByRole('button', { name: 'Ungelesen: Danke' }).click();
    await admin.page.getByRole('button', { name: 'Paula Participant antworten' }).click();
    const answer = admin.page.getByRole('dialog', { name: 'Antwort an Paula Participant' });
    await answer.waitFor();
    expect(await answer.getByLabel('Betreff').inputValue()).toBe('AW: Danke');
    await answer.getByLabel('Nachricht').fill('Gern geschehen.');
    await expectAccessible(admin.page, 'reply dialog');
    await screenshot(admin.page, 'messages-reply-de-1280');
    await answer.getByRole('button', { name: 'Senden' }).click();
    await admin.page.getByText('Die Nachricht wurde gesendet.').waitFor();
    await participant.page.getByRole('tab', { name: 'Posteingang' }).click();
    await participant.page.reload();
    await participant.page.getByRole('button', { name: 'Ungelesen: AW: Danke' }).waitFor();
    await admin.context.close();
    await participant.context.close();
  });

  it('shows the boxes in English at 1280 and 390 px', async () => {
    await server.db.run("UPDATE users SET locale = 'en-US' WHERE email_normalized = 'participant@demo.example'");
    try {
      const { context, page } = await openPage(browser, { locale: 'en-US' });
      await signIn(page, server, 'participant@demo.example');
      await page.goto(server.url('/messages?box=system'));
      await expect.poll(() => heading(page).textContent()).toBe('Messages');
      await page.getByText('Wartung am Freitag').waitFor();
      await expectAccessible(page, 'messages (en)');
      await screenshot(page, 'messages-en-1280');
      await atWidth(page, 390);
      await screenshot(page, 'messages-en-390');
      await context.close();
    } finally {
      await server.db.run("UPDATE users SET locale = 'de-DE' WHERE email_normalized = 'participant@demo.example'");
    }
  });
});
