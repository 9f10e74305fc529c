import yauzl from 'yauzl';
import type { Entry } from 'yauzl';
import { ScormPackageError } from './package-error';
import type { ScormZipLimits } from './scorm-limits';

// The rules one zip entry must pass, kept apart from the extraction so they can be read (and tested) on their own.
// The zip format stores names as free text; the name rules stop any name from writing outside the target folder.

export type CheckedEntryName = {
  /** The name as stored, for messages. */
  raw: string;
  /** Normalised relative path: forward slashes, no empty or `.` segments; '' for the root folder itself. */
  path: string;
  isDirectory: boolean;
};

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/** The name quoted for a message: shortened, control characters shown as '?'. */
export function describeEntryName(raw: string): string {
  const shown = [...(raw.length > 200 ? `${raw.slice(0, 200)}…` : raw)];
  return `"${shown.map((ch) => (ch.charCodeAt(0) < 0x20 ? '?' : ch)).join('')}"`;
}

export function checkEntryName(raw: string): CheckedEntryName {
  if (raw === '' || [...raw].some((ch) => ch.charCodeAt(0) < 0x20)) {
    throw new ScormPackageError(
      'zip_invalid_name',
      `Zip entry ${describeEntryName(raw)} has an empty or invalid name.`,
      raw,
    );
  }
  // Old Windows zip tools write `\` as the separator (APPNOTE 4.4.17 requires `/`); read it as one, so that
  // `\evil` and `..\evil` are caught by the same rules as their forward-slash forms.
  const normalised = raw.replace(/\\/g, '/');
  if (normalised.startsWith('/') || /^[a-zA-Z]:/.test(normalised)) {
    throw new ScormPackageError('zip_absolute_path', `Zip entry ${describeEntryName(raw)} has an absolute path.`, raw);
  }
  const segments = normalised.split('/');
  if (segments.includes('..')) {
    throw new ScormPackageError(
      'zip_path_traversal',
      `Zip entry ${describeEntryName(raw)} contains a ".." segment that would write outside the package folder.`,
      raw,
    );
  }
  const isDirectory = normalised.endsWith('/');
  const path = segments.filter((s) => s !== '' && s !== '.').join('/');
  if (path === '' && !isDirectory) {
    throw new ScormPackageError('zip_invalid_name', `Zip entry ${describeEntryName(raw)} has no file name.`, raw);
  }
  return { raw, path, isDirectory };
}

/** Unix creators keep the st_mode in the high 16 bits of the external attributes (APPNOTE 4.4.15). */
export const isSymlinkEntry = (externalFileAttributes: number): boolean =>
  ((externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK;

/** macOS Finder adds resource forks under `__MACOSX/`; they are never content and would break the top-folder rule. */
export const isIgnoredEntry = (path: string): boolean => path === '__MACOSX' || path.startsWith('__MACOSX/');

/**
 * Where imsmanifest.xml sits: '' when at the root, `folder/` when the whole zip is one folder holding it
 * (a common authoring mistake: zipping the folder instead of its contents), or null when it is missing.
 */
export function findManifestRoot(entries: readonly CheckedEntryName[]): string | null {
  const paths = entries.map((e) => e.path).filter((p) => p !== '');
  if (paths.includes('imsmanifest.xml')) return '';
  const tops = new Set(paths.map((p) => p.split('/')[0]));
  if (tops.size !== 1) return null;
  const [top] = [...tops];
  return top !== undefined && paths.includes(`${top}/imsmanifest.xml`) ? `${top}/` : null;
}

// @types/yauzl omits this export; it decodes CP437/UTF-8 names and the Info-ZIP Unicode path field.
const { getFileNameLowLevel } = yauzl as unknown as {
  getFileNameLowLevel: (flags: number, name: Buffer, extra: Entry['extraFields'], strict: boolean) => string;
};

/** Judges one central-directory entry: its name, type, encryption, compression method and ratio. */
export function checkZipEntry(entry: Entry, limits: ScormZipLimits): CheckedEntryName {
  const rawBytes = entry.fileName as unknown as Buffer;
  const raw = getFileNameLowLevel(entry.generalPurposeBitFlag, rawBytes, entry.extraFields, true);
  const name = checkEntryName(raw);
  const label = describeEntryName(raw);
  if (isSymlinkEntry(entry.externalFileAttributes)) {
    throw new ScormPackageError('zip_symlink', `Zip entry ${label} is a symbolic link; links are not accepted.`, raw);
  }
  if ((entry.generalPurposeBitFlag & 0x1) !== 0) {
    throw new ScormPackageError('zip_encrypted', `Zip entry ${label} is encrypted.`, raw);
  }
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
    throw new ScormPackageError(
      'zip_unsupported_compression',
      `Zip entry ${label} uses compression method ${entry.compressionMethod}; only stored and deflate are supported.`,
      raw,
    );
  }
  const { uncompressedSize, compressedSize } = entry;
  if (uncompressedSize > limits.ratioMinEntryBytes && uncompressedSize > compressedSize * limits.maxCompressionRatio) {
    const ratio = compressedSize === 0 ? 'unbounded' : `${Math.round(uncompressedSize / compressedSize)}:1`;
    throw new ScormPackageError(
      'zip_ratio',
      `Zip entry ${label} inflates ${compressedSize} bytes to ${uncompressedSize} (${ratio}); at most ${limits.maxCompressionRatio}:1 is accepted.`,
      raw,
    );
  }
  return name;
}
