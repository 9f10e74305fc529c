import { existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { extractScormZip } from './package-extract';
import { ScormPackageError, type ScormPackageErrorCode } from './package-error';
import { buildZip, deflatedZeros, zipFolder, type RawZipEntry } from './test-zip';

const MANIFEST = Buffer.from('<manifest identifier="m"/>');
const manifestEntry: RawZipEntry = { name: 'imsmanifest.xml', data: MANIFEST };

let scratch: string;
let work: string;
let counter = 0;

beforeEach(async () => {
  scratch ??= await mkdtemp(path.join(os.tmpdir(), 'scorm-extract-'));
  work = path.join(scratch, `case-${(counter += 1)}`);
  mkdirSync(work);
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

const writeZip = (entries: RawZipEntry[]): string => {
  const zipPath = path.join(work, 'upload.zip');
  writeFileSync(zipPath, buildZip(entries));
  return zipPath;
};

/** Extraction must fail with `code`, leaving neither the destination nor a temporary folder behind. */
async function expectRefused(
  zipPath: string,
  code: ScormPackageErrorCode,
  mention?: string,
): Promise<ScormPackageError> {
  const dest = path.join(work, 'pkg');
  const error = await extractScormZip(zipPath, dest).then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(ScormPackageError);
  const refusal = error as ScormPackageError;
  expect(refusal.code).toBe(code);
  if (mention !== undefined) expect(refusal.message).toContain(mention);
  expect(existsSync(dest)).toBe(false);
  expect(readdirSync(work).filter((name) => name !== 'upload.zip')).toEqual([]);
  return refusal;
}

describe('extractScormZip refuses unsafe zips and leaves nothing on disk', () => {
  it.each([
    ['../evil.txt', 'zip_path_traversal'],
    ['content/../../evil.txt', 'zip_path_traversal'],
    ['..\\evil.txt', 'zip_path_traversal'],
    ['/etc/evil.txt', 'zip_absolute_path'],
    ['\\evil.txt', 'zip_absolute_path'],
    ['C:/evil.txt', 'zip_absolute_path'],
    ['c:evil.txt', 'zip_absolute_path'],
  ] as const)('refuses the entry name %s with %s', async (name, code) => {
    const zipPath = writeZip([manifestEntry, { name, data: Buffer.from('x') }]);
    const refusal = await expectRefused(zipPath, code, name);
    expect(refusal.subject).toBe(name);
  });

  it('refuses a symlink zipFolder stored as a link (as zip -y does)', async () => {
    const src = path.join(work, 'src');
    mkdirSync(src);
    writeFileSync(path.join(src, 'imsmanifest.xml'), MANIFEST);
    symlinkSync('/etc/passwd', path.join(src, 'passwd.html'));
    const zipPath = path.join(work, 'upload.zip');
    await zipFolder(src, zipPath);
    await rm(src, { recursive: true });
    await expectRefused(zipPath, 'zip_symlink', 'passwd.html');
  });

  it('refuses a symlink entry written by hand', async () => {
    const link: RawZipEntry = { name: 'link', data: Buffer.from('../../etc'), unixMode: 0o120777 };
    await expectRefused(writeZip([manifestEntry, link]), 'zip_symlink', '"link"');
  });

  it('refuses 100,000 entries from the central directory count, before reading them', async () => {
    const entries: RawZipEntry[] = Array.from({ length: 100_000 }, (_, i) => ({ name: `f/${i}.txt` }));
    const zipPath = writeZip([manifestEntry, ...entries]);
    const started = Date.now();
    const refusal = await expectRefused(zipPath, 'zip_too_many_entries', '100001 entries');
    expect(refusal.message).toContain('10000');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('refuses a deflated 1 GiB member from its header, without inflating it', async () => {
    const zipPath = writeZip([manifestEntry, { name: 'video.mp4', deflated: deflatedZeros(1024) }]);
    const started = Date.now();
    await expectRefused(zipPath, 'zip_ratio', 'video.mp4');
    // Inflating 1 GiB takes seconds; a header check takes milliseconds.
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('refuses when the declared sizes add up to more than the uncompressed cap', async () => {
    const huge = 1.5 * 1024 ** 3; // stored, so the ratio is 1:1 and only the total can refuse it
    const zipPath = writeZip([
      manifestEntry,
      { name: 'a.bin', declaredSize: huge },
      { name: 'b.bin', declaredSize: huge },
    ]);
    await expectRefused(zipPath, 'zip_too_large', 'b.bin');
  });

  it('aborts while streaming when an entry inflates past its declared size', async () => {
    const liar: RawZipEntry = {
      name: 'liar.bin',
      data: Buffer.alloc(5 * 1024 * 1024),
      method: 'deflate',
      declaredSize: 10,
    };
    await expectRefused(writeZip([manifestEntry, liar]), 'zip_invalid', 'liar.bin');
  });

  it('refuses a zip without imsmanifest.xml before writing anything', async () => {
    await expectRefused(writeZip([{ name: 'index.html', data: Buffer.from('<p>') }]), 'manifest_missing');
  });

  it('refuses a manifest nested deeper than one top folder', async () => {
    await expectRefused(writeZip([{ name: 'a/b/imsmanifest.xml', data: MANIFEST }]), 'manifest_missing');
  });

  it('refuses a duplicated entry', async () => {
    const dup: RawZipEntry = { name: 'index.html', data: Buffer.from('1') };
    await expectRefused(writeZip([manifestEntry, dup, dup]), 'zip_duplicate_entry', 'index.html');
  });

  it('refuses a file that is not a zip', async () => {
    const zipPath = path.join(work, 'upload.zip');
    writeFileSync(zipPath, 'this is not a zip archive at all');
    await expectRefused(zipPath, 'zip_invalid');
  });

  it('refuses an upload over the size cap', async () => {
    const zipPath = writeZip([manifestEntry]);
    const dest = path.join(work, 'pkg');
    await expect(extractScormZip(zipPath, dest, { limits: { maxUploadBytes: 10 } })).rejects.toMatchObject({
      code: 'upload_too_large',
    });
    expect(existsSync(dest)).toBe(false);
  });

  it('refuses to write over an existing destination', async () => {
    const dest = path.join(work, 'pkg');
    mkdirSync(dest);
    await expect(extractScormZip(writeZip([manifestEntry]), dest)).rejects.toThrow(/already exists/);
  });
});

describe('extractScormZip extracts well-formed packages', () => {
  it('writes the files, counts them and reports an empty rootPrefix', async () => {
    const dest = path.join(work, 'pkg');
    const zipPath = writeZip([
      manifestEntry,
      { name: 'content/' },
      { name: 'content/index.html', data: Buffer.from('<h1>Hi</h1>'.repeat(100)), method: 'deflate' },
    ]);
    const result = await extractScormZip(zipPath, dest);
    expect(result).toEqual({ destDir: dest, rootPrefix: '', fileCount: 2, totalBytes: MANIFEST.length + 1100 });
    expect(readFileSync(path.join(dest, 'content/index.html'), 'utf8')).toBe('<h1>Hi</h1>'.repeat(100));
    expect(readdirSync(work).sort()).toEqual(['pkg', 'upload.zip']);
  });

  it('uses a single top folder holding imsmanifest.xml as the root, ignoring __MACOSX', async () => {
    const dest = path.join(work, 'pkg');
    const zipPath = writeZip([
      { name: 'course/' },
      { name: 'course/imsmanifest.xml', data: MANIFEST },
      { name: 'course/index.html', data: Buffer.from('hi') },
      { name: '__MACOSX/course/._index.html', data: Buffer.from('fork') },
    ]);
    const result = await extractScormZip(zipPath, dest);
    expect(result.rootPrefix).toBe('course/');
    expect(readdirSync(dest).sort()).toEqual(['imsmanifest.xml', 'index.html']);
  });

  it('stores a nested zip as a file without opening it', async () => {
    const inner = buildZip([{ name: '../../inner-evil.txt', data: Buffer.from('x') }]);
    const dest = path.join(work, 'pkg');
    await extractScormZip(writeZip([manifestEntry, { name: 'media/inner.zip', data: inner }]), dest);
    expect(readFileSync(path.join(dest, 'media/inner.zip')).equals(inner)).toBe(true);
    expect(readdirSync(path.join(dest, 'media'))).toEqual(['inner.zip']);
  });

  it('reads backslash separators of old Windows tools as folders', async () => {
    const dest = path.join(work, 'pkg');
    await extractScormZip(writeZip([manifestEntry, { name: 'content\\page.html', data: Buffer.from('p') }]), dest);
    expect(readFileSync(path.join(dest, 'content/page.html'), 'utf8')).toBe('p');
  });
});
