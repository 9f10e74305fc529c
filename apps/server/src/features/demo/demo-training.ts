import type { DbOrTrx } from '../../db/database';
import { newId } from '../../platform/ids';
import { storageKey, writeToStorage, type StorageConfig } from '../../platform/storage';
import { PDF_FILE_NAME, moduleStorageKey } from '../modules';
import { insertDemoCourse } from './demo-course';

// The demo's course and training (issue "Trainings and the learner journey": the demo's dashboard and coordination
// screens are not empty): a course with one PDF module, and a training of it for a group (Demo's "Vertrieb") with a
// deadline. Its participants start PENDING and get no invitation mail (the course's invitation is off).

export const DEMO_COURSE_TITLES = {
  'de-DE': { title: 'Datenschutz im Vertrieb', description: 'Kundendaten richtig behandeln: die Grundregeln.' },
  'en-US': { title: 'Data protection in sales', description: 'Handling customer data correctly: the basic rules.' },
  'fr-FR': {
    title: 'Protection des données dans la vente',
    description: 'Traiter correctement les données des clients : les règles de base.',
  },
} as const;

const MODULE_TITLES = { 'de-DE': 'Grundregeln', 'en-US': 'Basic rules', 'fr-FR': 'Règles de base' } as const;

/** A one-page PDF showing a few lines of text (Helvetica), with a correct cross-reference table. */
export function demoPdf(lines: readonly string[]): Buffer {
  const text = lines
    .map((line, i) => `BT /F1 ${i === 0 ? 22 : 13} Tf 72 ${720 - i * 30} Td (${line.replace(/[()\\]/g, '')}) Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** As the courses feature folds titles for its search and sort columns (lower case, accents dropped). */

const isoDay = (daysFromNow: number) => new Date(Date.now() + daysFromNow * 86_400_000).toISOString().slice(0, 10);

/**
 * Writes the module's PDF into the file storage (before the rows that name it, so a module never points at
 * nothing) and answers what the rows need.
 */
export async function writeDemoPdf(storage: StorageConfig, clientId: string, courseId: string, moduleId: string) {
  const packageKey = storageKey(...moduleStorageKey(clientId, courseId, moduleId).split('/'), newId());
  const bytes = demoPdf([
    'Datenschutz im Vertrieb',
    'Kundendaten nur für den vereinbarten Zweck verwenden.',
    'Keine Kundenlisten per privater E-Mail verschicken.',
    'Bildschirm sperren, wenn Sie den Platz verlassen.',
    'Fragen? Wenden Sie sich an den Datenschutz.',
  ]);
  await writeToStorage(storage, `${packageKey}/${PDF_FILE_NAME}`, bytes);
  return { packageKey, fileSize: bytes.length };
}

/** The course, its PDF module and the training for the group, inside the seed's transaction. */
export async function insertDemoTraining(
  trx: DbOrTrx,
  ids: {
    clientId: string;
    courseId: string;
    moduleId: string;
    groupId: string;
    memberIds: readonly string[];
    certificateTemplateId?: string;
  },
  pdf: { packageKey: string; fileSize: number },
  now: string,
): Promise<void> {
  const { clientId, courseId, moduleId } = ids;
  const locales = Object.keys(DEMO_COURSE_TITLES) as (keyof typeof DEMO_COURSE_TITLES)[];
  await insertDemoCourse(
    trx,
    {
      id: courseId,
      clientId,
      durationMinutes: 10,
      isPremium: false,
      texts: DEMO_COURSE_TITLES,
      certificateTemplateId: ids.certificateTemplateId,
    },
    now,
  );
  await trx
    .insertInto('modules')
    .values({
      id: moduleId,
      client_id: clientId,
      course_id: courseId,
      position: 1,
      kind: 'pdf',
      duration_minutes: 10,
      is_required: true,
      package_key: pdf.packageKey,
      file_name: 'datenschutz-im-vertrieb.pdf',
      file_size: pdf.fileSize,
      scorm_version: null,
      manifest: null,
      sco_count: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await trx
    .insertInto('module_texts')
    .values(
      locales.map((locale) => ({ module_id: moduleId, client_id: clientId, locale, title: MODULE_TITLES[locale] })),
    )
    .execute();

  const trainingId = newId();
  await trx
    .insertInto('trainings')
    .values({
      id: trainingId,
      client_id: clientId,
      course_id: courseId,
      start_date: isoDay(0),
      deadline: isoDay(30),
      created_by: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await trx
    .insertInto('training_groups')
    .values({ training_id: trainingId, group_id: ids.groupId, client_id: clientId, created_at: now })
    .execute();
  if (ids.memberIds.length > 0)
    await trx
      .insertInto('training_participants')
      .values(
        ids.memberIds.map((userId) => ({
          training_id: trainingId,
          user_id: userId,
          client_id: clientId,
          status: 'PENDING',
          invited_at: null,
          started_at: null,
          completed_at: null,
          last_reminder_at: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
}
