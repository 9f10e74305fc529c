import { afterAll } from 'vitest';
import { startTestSmtp, type TestSmtp } from '../apps/server/test/smtp-test-server';
import { startedLater, useJourney } from './journey';

/**
 * useJourney with a real SMTP server of the test, started first: the app server is told its address (a private one,
 * hence SMTP_ALLOW_PRIVATE). The SMTP server stops last (its hook is registered first; Vitest's after-hooks run in
 * reverse).
 */
export function useMailingJourney(): ReturnType<typeof useJourney> & { smtp: TestSmtp } {
  let smtp: TestSmtp | undefined;
  afterAll(async () => {
    await smtp?.stop();
  });
  const journey = useJourney({
    env: async () => {
      smtp = await startTestSmtp();
      return { SMTP_URL: smtp.url, SMTP_ALLOW_PRIVATE: '1' };
    },
  });
  return { ...journey, smtp: startedLater('smtp', () => smtp) };
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
