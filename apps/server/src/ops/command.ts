import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig, type Config } from '../config';

/**
 * Runs an operator command when its module is the one started (`npm run backup -- <folder>`): the settings come from
 * the environment as the server's do, the folder is taken relative to where npm was called (INIT_CWD), and the
 * process ends with 0, 1 (the error's message on stderr) or 2 (no folder given).
 */
export function runAsCommand(
  moduleUrl: string,
  usage: string,
  command: (config: Config, folder: string) => Promise<unknown>,
): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(path.resolve(process.argv[1])).href) return;
  const folder = process.argv[2];
  if (!folder) {
    console.error(`Usage: ${usage}`);
    process.exit(2);
  }
  command(loadConfig(), path.resolve(process.env.INIT_CWD ?? process.cwd(), folder)).then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
