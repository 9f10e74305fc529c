import type { Dirent } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { decodeManifest } from './manifest-decode';
import { parseManifest } from './manifest-parser';
import type { ParsedManifest } from './manifest-types';
import { ScormPackageError } from './package-error';
import { SCORM_MAX_MANIFEST_BYTES } from './scorm-limits';

// Reads the manifest of an extracted package and checks its launch files against what is really on disk.
// Only regular files count: the extractor never writes links, and a link placed later is not followed.

export async function inspectExtractedPackage(dir: string): Promise<ParsedManifest> {
  const root = path.resolve(dir);
  const manifestPath = path.join(root, 'imsmanifest.xml');
  const info = await stat(manifestPath).catch(() => undefined);
  if (!info?.isFile()) {
    throw new ScormPackageError(
      'manifest_missing',
      'The package has no imsmanifest.xml at its root.',
      'imsmanifest.xml',
    );
  }
  if (info.size > SCORM_MAX_MANIFEST_BYTES) {
    throw new ScormPackageError(
      'manifest_too_large',
      `imsmanifest.xml is ${info.size} bytes; at most ${SCORM_MAX_MANIFEST_BYTES} are accepted.`,
      'imsmanifest.xml',
    );
  }
  const xml = decodeManifest(await readFile(manifestPath));
  const files = await listFiles(root);
  return parseManifest(xml, { fileExists: (relPath) => files.has(path.posix.normalize(relPath)) });
}

/** Every regular file under root, as a `/`-separated path relative to it; matched case-sensitively, like the server. */
async function listFiles(root: string): Promise<Set<string>> {
  const files = new Set<string>();
  const walk = async (rel: string): Promise<void> => {
    const entries: Dirent[] = await readdir(path.join(root, rel), { withFileTypes: true });
    for (const entry of entries) {
      const relPath = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) await walk(relPath);
      else if (entry.isFile()) files.add(relPath);
    }
  };
  await walk('');
  return files;
}
