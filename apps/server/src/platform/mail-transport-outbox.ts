import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { SentMail } from './mailer';

const outbox = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

/**
 * The embedded default without any SMTP: each mail becomes one `.eml` file in DATA_DIR/outbox, written under a
 * temporary name and renamed, so a reader never sees half a message.
 */
export async function writeOutboxFile(dir: string, message: SendMailOptions): Promise<SentMail> {
  const info = await outbox.sendMail(message);
  await mkdir(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const id = (info.messageId || 'mail').replace(/[^a-zA-Z0-9@.-]/g, '');
  const file = path.join(dir, `${stamp}-${id}.eml`);
  await writeFile(`${file}.tmp`, info.message);
  await rename(`${file}.tmp`, file);
  return { messageId: info.messageId, response: `written to ${path.basename(file)}` };
}
