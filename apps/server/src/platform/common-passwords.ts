import { dictionary } from '@zxcvbn-ts/language-common';

let common: Set<string> | undefined;

/** DECISIONS "password rule": refuse passwords from a maintained list of common ones (loaded on first use). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary.passwords.map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}
