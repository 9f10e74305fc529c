import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** An error an SMTP server answers with: `responseCode` becomes the reply code the client sees. */
export const smtpError = (code: number, message: string): Error =>
  Object.assign(new Error(message), { responseCode: code });

export interface TestSmtp {
  readonly port: number;
  readonly url: string;
  /** Every delivered message, parsed, in arrival order. */
  readonly messages: ParsedMail[];
  /** The source of a delivered message as it arrived (its MIME structure), by the parsed message. */
  rawOf(message: ParsedMail): string | undefined;
  /** Every AUTH the server was offered, right or wrong, as the client sent it (what a hostile server would see). */
  readonly authAttempts: Array<{ username: string; password: string }>;
  /** Decides the answer to RCPT TO; null accepts. */
  onRecipient: (address: string) => Error | null;
  stop(): Promise<void>;
  /** Listens again on the same port (the "server is back" half of an outage test). */
  start(): Promise<void>;
  waitForMessages(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
}

/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package): no TLS, AUTH over plain text allowed when
 * credentials are given, every message parsed with mailparser so tests read the parts as a mail client would.
 */
export async function startTestSmtp(opts: { auth?: { user: string; pass: string } } = {}): Promise<TestSmtp> {
  const messages: ParsedMail[] = [];
  const raw = new WeakMap<ParsedMail, string>();
  const authAttempts: Array<{ username: string; password: string }> = [];
  let server: SMTPServer | undefined;
  let port = 0;
  const smtp: TestSmtp = {
    get port() {
      return port;
    },
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    messages,
    rawOf: (message) => raw.get(message),
    authAttempts,
    onRecipient: () => null,
    stop: () =>
      new Promise<void>((resolve) => {
        if (!server) return resolve();
        server.close(() => resolve());
        server = undefined;
      }),
    start: async () => {
      if (server) return;
      const options: SMTPServerOptions = {
        secure: false,
        disabledCommands: opts.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
        authOptional: !opts.auth,
        allowInsecureAuth: true,
        disableReverseLookup: true,
        logger: false,
        closeTimeout: 50,
        onAuth(auth, _session, cb) {
          authAttempts.push({ username: auth.username ?? '', password: auth.password ?? '' });
          if (auth.username === opts.auth?.user && auth.password === opts.auth?.pass)
            return cb(null, { user: auth.username });
          return cb(smtpError(535, 'Authentication failed'));
        },
        onRcptTo(address, _session, cb) {
          const err = smtp.onRecipient(address.address);
          return err ? cb(err) : cb();
        },
        onData(stream, _session, cb) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            const source = Buffer.concat(chunks);
            simpleParser(source)
              .then((parsed) => {
                raw.set(parsed, source.toString('utf8'));
                messages.push(parsed);
                cb();
              })
              .catch((err: Error) => cb(err));
          });
        },
      };
      const s = new SMTPServer(options);
      s.on('error', () => undefined);
      await new Promise<void>((resolve) => s.listen(port, '127.0.0.1', resolve));
      port = (s.server.address() as AddressInfo).port;
      server = s;
    },
    async waitForMessages(count, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} messages, got ${messages.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return messages;
    },
  };
  await smtp.start();
  return smtp;
}

/**
 * One test SMTP server for the enclosing describe block (or file): started before its tests, its inbox emptied after
 * each test, stopped after the last. Answers the server, for use inside the tests.
 */
export function useTestSmtp(): () => TestSmtp {
  let smtp: TestSmtp | undefined;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterEach(() => {
    if (smtp) smtp.messages.length = 0;
  });
  afterAll(() => smtp?.stop());
  return () => {
    if (!smtp) throw new Error('the test SMTP server runs only inside the tests of the block that asked for it');
    return smtp;
  };
}
