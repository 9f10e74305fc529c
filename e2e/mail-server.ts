import type { Browser } from 'playwright-core';
import { startTestSmtp, type TestSmtp } from '../apps/server/test/smtp-test-server';
import { launchBrowser } from './browser';
import { startServer, type TestServer } from './harness';

/** The app server, sending its mail to a real SMTP server of the test, and a browser; `stop` ends all three. */
export interface MailingServer {
  server: TestServer;
  browser: Browser;
  smtp: TestSmtp;
  stop: () => Promise<void>;
}

/** Starts the SMTP server first: the app server is told its address (a private one, hence SMTP_ALLOW_PRIVATE). */
export async function startMailingServer(): Promise<MailingServer> {
  const smtp = await startTestSmtp();
  try {
    const [server, browser] = await Promise.all([
      startServer({ SMTP_URL: smtp.url, SMTP_ALLOW_PRIVATE: '1' }),
      launchBrowser(),
    ]);
    const stop = async () => {
      await browser.close();
      await server.stop();
      await smtp.stop();
    };
    return { server, browser, smtp, stop };
  } catch (err) {
    await smtp.stop();
    throw err;
  }
}

/**
 * The one-time link of the mail to `to` that opens `path` (e.g. 'init-password', 'reset-password'), as the SMTP
 * server received it; waits up to 30 s for that mail.
 */
export async function mailedLink(smtp: TestSmtp, to: string, path: string): Promise<string> {
  const pattern = new RegExp(`(http://[\\w.-]+:\\d+/${path}\\?(?:locale=[\\w-]+&)?token=[\\w-]+)`);
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    const mail = smtp.messages.find((m) => (m.to && 'value' in m.to ? m.to.value[0]?.address : '') === to);
    const link = pattern.exec(mail?.text ?? '')?.[1];
    if (link) return link;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} with a ${path} link`);
}
