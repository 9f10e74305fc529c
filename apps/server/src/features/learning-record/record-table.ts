import type { TLearningRecord, TRecordCycle, TRecordTraining } from '@lms/contracts/learning-record';
import type { TableColumn, TableExport } from '../../platform/table-export';
import { trainingExportTexts } from '../trainings';
import { recordTexts } from './record-texts';

interface CycleRow {
  training: TRecordTraining;
  cycle: TRecordCycle;
}

/** The learning record as a table (CSV, XLSX): one row per training and cycle, the current cycle first. */
export function recordTable(record: TLearningRecord, locale: string): TableExport<CycleRow> {
  const t = recordTexts(locale);
  const words = trainingExportTexts(locale);
  const columns: TableColumn<CycleRow>[] = [
    { header: t.person, type: 'text', value: () => record.user.name, width: 26 },
    { header: t.personnelNumber, type: 'text', value: () => record.user.personnelNumber },
    { header: t.course, type: 'text', value: (r) => r.training.courseTitle, width: 36 },
    { header: t.cycle, type: 'number', value: (r) => r.cycle.cycle },
    { header: t.status, type: 'text', value: (r) => words.status[r.cycle.status], width: 16 },
    { header: t.started, type: 'date', value: (r) => r.cycle.startedAt },
    { header: t.completed, type: 'date', value: (r) => r.cycle.completedAt },
    { header: t.score, type: 'percent', value: (r) => r.cycle.score },
    { header: t.result, type: 'text', value: (r) => words.result[r.cycle.result], width: 16 },
    { header: t.validUntil, type: 'date', value: (r) => r.cycle.validUntil },
    { header: t.closedAt, type: 'date', value: (r) => r.cycle.closedAt },
    { header: t.certificate, type: 'date', value: (r) => r.cycle.certificate?.issuedAt ?? null },
    {
      header: `${t.certificate}: ${t.validUntil}`,
      type: 'date',
      value: (r) => r.cycle.certificate?.validUntil ?? null,
      width: 20,
    },
    {
      header: `${t.certificate}: ${t.status}`,
      type: 'text',
      value: (r) => (r.cycle.certificate ? t.certificateState[r.cycle.certificate.state] : null),
      width: 16,
    },
  ];
  const rows = record.trainings.flatMap((training) => training.cycles.map((cycle) => ({ training, cycle })));
  return { columns, rows: [rows], sheetName: t.sheet, locale };
}
