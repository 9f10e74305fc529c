import { describe, expect, it } from 'vitest';
import { checkEntryName, findManifestRoot, isIgnoredEntry, isSymlinkEntry } from './package-entry-rules';

describe('checkEntryName', () => {
  it('normalises separators and empty or dot segments', () => {
    expect(checkEntryName('a\\b//./c.html')).toEqual({ raw: 'a\\b//./c.html', path: 'a/b/c.html', isDirectory: false });
    expect(checkEntryName('content/')).toMatchObject({ path: 'content', isDirectory: true });
  });

  it('reads an entry for the root folder itself as harmless, with an empty path', () => {
    expect(checkEntryName('./')).toMatchObject({ path: '', isDirectory: true });
  });

  it('accepts names that merely contain dots', () => {
    expect(checkEntryName('a/..b/c..html').path).toBe('a/..b/c..html');
  });

  it.each([
    ['', 'zip_invalid_name'],
    ['a\u0000b', 'zip_invalid_name'],
    ['..', 'zip_path_traversal'],
    ['a/../../b', 'zip_path_traversal'],
    ['//server/share/x', 'zip_absolute_path'],
    ['D:\\x', 'zip_absolute_path'],
  ])('refuses %j with %s', (name, code) => {
    expect(() => checkEntryName(name)).toThrow(expect.objectContaining({ code }));
  });
});

describe('entry attributes and layout', () => {
  it('recognises a symlink from the unix mode', () => {
    expect(isSymlinkEntry((0o120777 << 16) >>> 0)).toBe(true);
    expect(isSymlinkEntry((0o100644 << 16) >>> 0)).toBe(false);
    expect(isSymlinkEntry(0x20)).toBe(false); // an MS-DOS archive bit, no unix mode
  });

  it('ignores macOS resource forks', () => {
    expect(isIgnoredEntry('__MACOSX/._index.html')).toBe(true);
    expect(isIgnoredEntry('course/__MACOSX')).toBe(false);
  });

  const names = (...paths: string[]) => paths.map((p) => checkEntryName(p));
  it.each([
    [['imsmanifest.xml', 'a/b.html'], ''],
    [['course/', 'course/imsmanifest.xml', 'course/a.html'], 'course/'],
    [['course/imsmanifest.xml', 'other.html'], null],
    [['a/b/imsmanifest.xml'], null],
    [['index.html'], null],
  ])('finds the manifest root of %j: %j', (paths, root) => {
    expect(findManifestRoot(names(...paths))).toBe(root);
  });
});
