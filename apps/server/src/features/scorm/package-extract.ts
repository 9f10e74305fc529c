import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';
import {
  checkZipEntry,
  describeEntryName,
  findManifestRoot,
  isIgnoredEntry,
  type CheckedEntryName,
} from './package-entry-rules';
import { ScormPackageError, isScormPackageError } from './package-error';
import { SCORM_ZIP_LIMITS, type ScormZipLimits } from './scorm-limits';

// Safe extraction of an uploaded SCORM zip (ARCHITECTURE section 6). Two passes: the whole central directory is
// read and judged first (names, symlinks, counts, declared sizes, ratios) so a refused zip writes nothing; then the
// entries are streamed into a fresh temporary folder beside destDir, which is renamed into place only when every
// byte is written. The actual inflated bytes are counted too, because the declared sizes are the attacker's word.

export type ExtractResult = {
  destDir: string;
  /** '' when imsmanifest.xml was at the zip root; `folder/` when the zip held one folder that was used as the root. */
  rootPrefix: string;
  fileCount: number;
  totalBytes: number;
};

export type ExtractOptions = { limits?: Partial<ScormZipLimits> };

type PlannedEntry = CheckedEntryName & { entry: Entry };

export async function extractScormZip(
  zipPath: string,
  destDir: string,
  options: ExtractOptions = {},
): Promise<ExtractResult> {
  const limits: ScormZipLimits = { ...SCORM_ZIP_LIMITS, ...options.limits };
  const target = path.resolve(destDir);
  const { size } = await stat(zipPath);
  if (size > limits.maxUploadBytes) {
    throw new ScormPackageError(
      'upload_too_large',
      `The zip is ${size} bytes; at most ${limits.maxUploadBytes} are accepted.`,
    );
  }
  if (await pathExists(target)) throw new Error(`extractScormZip: destination ${target} already exists`);

  const zip = await openZip(zipPath);
  let tempDir: string | undefined;
  try {
    if (zip.entryCount > limits.maxEntryCount) {
      throw new ScormPackageError(
        'zip_too_many_entries',
        `The zip has ${zip.entryCount} entries; at most ${limits.maxEntryCount} are accepted.`,
      );
    }
    const { entries, rootPrefix } = await planEntries(zip, limits);
    await mkdir(path.dirname(target), { recursive: true });
    // Same parent folder, so the final rename stays on one filesystem and is atomic.
    tempDir = await mkdtemp(path.join(path.dirname(target), `.${path.basename(target)}.extract-`));
    const totalBytes = await writeEntries(zip, entries, tempDir, limits);
    await rename(tempDir, target);
    tempDir = undefined;
    return { destDir: target, rootPrefix, fileCount: entries.filter((e) => !e.isDirectory).length, totalBytes };
  } finally {
    zip.close();
    if (tempDir !== undefined) await rm(tempDir, { recursive: true, force: true });
  }
}

const pathExists = (p: string): Promise<boolean> =>
  stat(p).then(
    () => true,
    () => false,
  );

function openZip(zipPath: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    // decodeStrings: false so yauzl hands names over unjudged and the refusals below carry our own codes.
    const opts = { lazyEntries: true, validateEntrySizes: true, autoClose: false, decodeStrings: false };
    yauzl.open(zipPath, opts, (err, zip) => {
      if (err) reject(zipInvalid(err));
      else resolve(zip);
    });
  });
}

const zipInvalid = (err: unknown, raw?: string): ScormPackageError => {
  const reason = err instanceof Error ? err.message : String(err);
  const where = raw === undefined ? 'The upload' : `Zip entry ${describeEntryName(raw)}`;
  return new ScormPackageError('zip_invalid', `${where} is not a readable zip archive: ${reason}.`, raw);
};

/** Reads the central directory and refuses the zip on the first bad entry, before anything is written. */
function planEntries(zip: ZipFile, limits: ScormZipLimits): Promise<{ entries: PlannedEntry[]; rootPrefix: string }> {
  return new Promise((resolve, reject) => {
    const planned: PlannedEntry[] = [];
    const filePaths = new Set<string>();
    let declaredTotal = 0;
    zip.on('error', (err) => reject(zipInvalid(err)));
    zip.on('entry', (entry: Entry) => {
      try {
        const name = checkZipEntry(entry, limits);
        declaredTotal += entry.uncompressedSize;
        if (declaredTotal > limits.maxUncompressedBytes) {
          throw new ScormPackageError(
            'zip_too_large',
            `The zip declares more than ${limits.maxUncompressedBytes} uncompressed bytes (reached at entry ${describeEntryName(name.raw)}).`,
            name.raw,
          );
        }
        if (!name.isDirectory) {
          if (filePaths.has(name.path)) {
            throw new ScormPackageError(
              'zip_duplicate_entry',
              `Zip entry ${describeEntryName(name.raw)} appears twice.`,
              name.raw,
            );
          }
          filePaths.add(name.path);
        }
        if (!isIgnoredEntry(name.path)) planned.push({ ...name, entry });
        zip.readEntry();
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
    zip.on('end', () => {
      const rootPrefix = findManifestRoot(planned);
      if (rootPrefix === null) {
        reject(
          new ScormPackageError('manifest_missing', 'The zip has no imsmanifest.xml at its root.', 'imsmanifest.xml'),
        );
        return;
      }
      const entries = planned
        .map((e) => ({ ...e, path: e.path.slice(rootPrefix.length) }))
        .filter((e) => e.path !== '');
      resolve({ entries, rootPrefix });
    });
    zip.readEntry();
  });
}

async function writeEntries(
  zip: ZipFile,
  entries: PlannedEntry[],
  root: string,
  limits: ScormZipLimits,
): Promise<number> {
  let written = 0;
  for (const planned of entries) {
    const target = path.join(root, planned.path);
    // Defence in depth: checkEntryName already refused every name that could resolve outside the root.
    if (!target.startsWith(root + path.sep)) {
      throw new ScormPackageError(
        'zip_path_traversal',
        `Zip entry ${describeEntryName(planned.raw)} escapes the package folder.`,
      );
    }
    try {
      if (planned.isDirectory) {
        await mkdir(target, { recursive: true });
        continue;
      }
      await mkdir(path.dirname(target), { recursive: true });
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          written += chunk.length;
          if (written > limits.maxUncompressedBytes) {
            const msg = `The zip inflates to more than ${limits.maxUncompressedBytes} bytes (reached in entry ${describeEntryName(planned.raw)}).`;
            callback(new ScormPackageError('zip_too_large', msg, planned.raw));
          } else callback(null, chunk);
        },
      });
      // 'wx' never follows or overwrites anything already there.
      await pipeline(await openEntryStream(zip, planned.entry), counter, createWriteStream(target, { flags: 'wx' }));
    } catch (err) {
      throw toEntryError(err, planned.raw);
    }
  }
  return written;
}

function openEntryStream(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => (err ? reject(err) : resolve(stream)));
  });
}

function toEntryError(err: unknown, raw: string): unknown {
  if (isScormPackageError(err)) return err;
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'EEXIST') {
    return new ScormPackageError(
      'zip_duplicate_entry',
      `Zip entry ${describeEntryName(raw)} clashes with another entry.`,
      raw,
    );
  }
  // Disk and permission failures are ours, not the package's: let them surface unchanged.
  if (code !== undefined && code !== 'ENOTDIR' && code !== 'EISDIR' && !code.startsWith('Z_')) return err;
  return zipInvalid(err, raw);
}
