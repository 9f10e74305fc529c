import { PDF_MAX_BYTES, type TModuleKind, type TScormVersion } from '@lms/contracts/modules';
import { badRequest, fail } from '../../platform/errors';
import { newId } from '../../platform/ids';
import path from 'node:path';
import {
  makeTempDir,
  moveIntoStorage,
  moveTreeIntoStorage,
  removeTemp,
  storageKey,
  type StorageConfig,
  courseStorageKey,
} from '../../platform/storage';
import type { UploadedFile } from '../../platform/uploads';
import { extractScormZip, isScormPackageError, inspectExtractedPackage } from '../scorm';
import { buildPlayerManifest, PDF_FILE_NAME } from './module-manifest';

export type InstalledPackage = {
  kind: TModuleKind;
  packageKey: string;
  fileName: string;
  fileSize: number;
  scormVersion: TScormVersion | null;
  manifest: string | null;
  scoCount: number;
};

export const moduleStorageKey = (clientId: string, courseId: string, moduleId: string): string =>
  storageKey(...courseStorageKey(clientId, courseId).split('/'), 'modules', moduleId);

/**
 * Puts an uploaded SCORM zip or PDF under a fresh package key of the module (ARCHITECTURE section 6: the zip is
 * checked and extracted into a local temporary folder, inspected there, then moved into the store file by file). A refused package leaves nothing behind. A new key per
 * upload lets a replacement land beside the old package, which is removed only once the database points at the new.
 */
export async function installModulePackage(
  config: StorageConfig,
  ids: { clientId: string; courseId: string; moduleId: string },
  file: UploadedFile,
): Promise<InstalledPackage> {
  const packageKey = storageKey(...moduleStorageKey(ids.clientId, ids.courseId, ids.moduleId).split('/'), newId());
  const base = { packageKey, fileName: file.fileName, fileSize: file.size };
  if (file.type === 'pdf') {
    if (file.size > PDF_MAX_BYTES) fail(413, 'payload_too_large');
    await moveIntoStorage(config, file.path, `${packageKey}/${PDF_FILE_NAME}`);
    return { ...base, kind: 'pdf', scormVersion: null, manifest: null, scoCount: 0 };
  }
  if (file.type !== 'zip') return badRequest('unknown_file_type', { expected: ['zip', 'pdf'] });
  const work = await makeTempDir(config);
  try {
    const dir = path.join(work, 'package');
    await extractScormZip(file.path, dir);
    const parsed = await inspectExtractedPackage(dir);
    const manifest = buildPlayerManifest(parsed);
    await moveTreeIntoStorage(config, dir, packageKey);
    return {
      ...base,
      kind: 'scorm',
      scormVersion: parsed.version,
      manifest: JSON.stringify(manifest),
      scoCount: parsed.scos.length,
    };
  } catch (err) {
    // The author learns which entry or element to fix (issue 5: "a message that names the fault").
    if (isScormPackageError(err)) {
      return badRequest('scorm_invalid', { reason: err.code, message: err.message, subject: err.subject ?? null });
    }
    throw err;
  } finally {
    await removeTemp(work);
  }
}
