import { stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DbOrTrx } from '../../db/database';
import { newId } from '../../platform/ids';
import { storageKey, writeToStorage, type StorageConfig } from '../../platform/storage';
import { installModulePackage, moduleStorageKey, PDF_FILE_NAME, type InstalledPackage } from '../modules';
import { demoPdf } from './demo-training';

// The demo premium course's modules (issue 32 point 4: it had none): a PDF guide made here, and the two golf example
// packages of test-fixtures/scorm/golf-zips (SCORM 1.2 and 2004, Rustici's CC BY 3.0 examples, see its README), so
// the catalogue's course can be started and played. A checkout without the fixtures seeds the PDF alone.

const here = path.dirname(fileURLToPath(import.meta.url));
const GOLF_ZIPS = path.resolve(here, '../../../../../test-fixtures/scorm/golf-zips');

type Titles = Record<'de-DE' | 'en-US' | 'fr-FR', string>;

const PACKAGES: ReadonlyArray<{ zip: string; minutes: number; titles: Titles }> = [
  {
    zip: 'ContentPackagingOneFilePerSCO_SCORM12.zip',
    minutes: 15,
    titles: {
      'de-DE': 'Interaktive Lerneinheit (SCORM 1.2)',
      'en-US': 'Interactive unit (SCORM 1.2)',
      'fr-FR': 'Unité interactive (SCORM 1.2)',
    },
  },
  {
    zip: 'ContentPackagingMetadata_SCORM20043rdEdition.zip',
    minutes: 10,
    titles: {
      'de-DE': 'Abschlussquiz (SCORM 2004)',
      'en-US': 'Final quiz (SCORM 2004)',
      'fr-FR': 'Quiz final (SCORM 2004)',
    },
  },
];

const GUIDE_TITLES: Titles = {
  'de-DE': 'Leitfaden: Die Harvard-Methode',
  'en-US': 'Guide: the Harvard method',
  'fr-FR': 'Guide : la méthode de Harvard',
};

export type DemoModule = { id: string; minutes: number; titles: Titles; installed: InstalledPackage };

/** Writes the modules' files into the storage (before the rows that name them) and answers what the rows need. */
export async function writeDemoPremiumModules(
  storage: StorageConfig,
  clientId: string,
  courseId: string,
): Promise<DemoModule[]> {
  const guideId = newId();
  const packageKey = storageKey(...moduleStorageKey(clientId, courseId, guideId).split('/'), newId());
  const pdf = demoPdf([
    'Die Harvard-Methode',
    'Menschen und Probleme getrennt behandeln.',
    'Auf Interessen konzentrieren, nicht auf Positionen.',
    'Optionen zum beiderseitigen Vorteil entwickeln.',
    'Auf objektiven Kriterien bestehen.',
  ]);
  await writeToStorage(storage, `${packageKey}/${PDF_FILE_NAME}`, pdf);
  const modules: DemoModule[] = [
    {
      id: guideId,
      minutes: 5,
      titles: GUIDE_TITLES,
      installed: {
        kind: 'pdf',
        packageKey,
        fileName: 'harvard-methode.pdf',
        fileSize: pdf.length,
        scormVersion: null,
        manifest: null,
        scoCount: 0,
      },
    },
  ];
  for (const p of PACKAGES) {
    const zip = path.join(GOLF_ZIPS, p.zip);
    const size = await stat(zip).then(
      (s) => s.size,
      () => undefined,
    );
    if (size === undefined) continue;
    const id = newId();
    // The zip is only read (extracted into a temp folder), never moved: the fixture stays where it is.
    const installed = await installModulePackage(
      storage,
      { clientId, courseId, moduleId: id },
      { path: zip, size, fileName: p.zip, type: 'zip' },
    );
    modules.push({ id, minutes: p.minutes, titles: p.titles, installed });
  }
  return modules;
}

/** The module rows and their titles, inside the seed's transaction. */
export async function insertDemoModules(
  trx: DbOrTrx,
  clientId: string,
  courseId: string,
  modules: readonly DemoModule[],
  now: string,
): Promise<void> {
  for (const [index, m] of modules.entries()) {
    await trx
      .insertInto('modules')
      .values({
        id: m.id,
        client_id: clientId,
        course_id: courseId,
        position: index + 1,
        kind: m.installed.kind,
        duration_minutes: m.minutes,
        is_required: true,
        package_key: m.installed.packageKey,
        file_name: m.installed.fileName,
        file_size: m.installed.fileSize,
        scorm_version: m.installed.scormVersion,
        manifest: m.installed.manifest,
        sco_count: m.installed.scoCount,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await trx
      .insertInto('module_texts')
      .values(
        Object.entries(m.titles).map(([locale, title]) => ({ module_id: m.id, client_id: clientId, locale, title })),
      )
      .execute();
  }
}
