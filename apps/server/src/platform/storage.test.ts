import { expect, it } from 'vitest';
import { sniffFileType, storageKey, StorageKeyError } from './storage';
import { assertSafeKey } from './storage/file-store';

it('builds storage keys only from plain segments, never a path out of DATA_DIR/files', () => {
  expect(storageKey('a1', 'courses', 'b.pdf')).toBe('a1/courses/b.pdf');
  for (const bad of ['..', '.hidden', 'a/b', 'a\\b', '', 'x..y', 'ü']) {
    expect(() => storageKey('ok', bad)).toThrow(StorageKeyError);
  }
  // Package files keep their own names, but never a step out of their folder.
  expect(assertSafeKey('c/Foto (1) ä.png')).toBe('c/Foto (1) ä.png');
  for (const bad of ['../etc', 'a//b', '/a', 'a/./b', 'a\\b', 'a/\u0000']) {
    expect(() => assertSafeKey(bad)).toThrow(StorageKeyError);
  }
});

it('tells file types by their magic bytes', () => {
  const bytes = (...b: number[]) => Buffer.from(b);
  expect(sniffFileType(bytes(0x50, 0x4b, 0x03, 0x04, 0))).toBe('zip');
  expect(sniffFileType(Buffer.from('%PDF-1.7\n'))).toBe('pdf');
  expect(sniffFileType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('png');
  expect(sniffFileType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
  expect(sniffFileType(Buffer.concat([Buffer.from('RIFF'), bytes(0, 0, 0, 0), Buffer.from('WEBP')]))).toBe('webp');
  expect(sniffFileType(Buffer.from('<svg xmlns='))).toBeUndefined();
  expect(sniffFileType(Buffer.from('PK'))).toBeUndefined();
  expect(sniffFileType(Buffer.alloc(0))).toBeUndefined();
});
