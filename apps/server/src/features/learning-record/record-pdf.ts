import type { TLearningRecord, TRecordCycle, TRecordTraining } from '@lms/contracts/learning-record';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { cachedFontkit, certificateFontBytes } from '../templates';
import { trainingExportTexts } from '../trainings';
import { formatRecordDate, formatRecordDay, recordTexts } from './record-texts';

// The learning record as an A4 PDF to hand to an auditor (issue 31 point 2): the person, then each training with
// every cycle (dates, score, passed or failed, validity, certificate) and the current cycle's modules. The
// certificates' embedded DejaVu Sans (templates/certificate/certificate-fonts.ts), so every accent comes out and a
// PDF reader extracts the names as written.

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const WIDTH = A4[0] - 2 * MARGIN;
const BOTTOM = 64;
const INK = rgb(0.13, 0.13, 0.13);
const MUTED = rgb(0.4, 0.4, 0.4);
const RULE = rgb(0.8, 0.8, 0.8);
const BAND = rgb(0.95, 0.95, 0.95);

interface Column {
  header: string;
  width: number;
  right?: boolean;
}

/** A text cut to the width with an ellipsis (a table cell holds one line). */
function fit(text: string, font: PDFFont, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let cut = text;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}…`, size) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/)) {
    const next = current ? `${current} ${word}` : word;
    if (current && font.widthOfTextAtSize(next, size) > width) {
      lines.push(current);
      current = word;
    } else current = next;
  }
  if (current) lines.push(current);
  return lines.map((l) => fit(l, font, size, width));
}

export async function renderRecordPdf(record: TLearningRecord, locale: string): Promise<Uint8Array> {
  const t = recordTexts(locale);
  const words = trainingExportTexts(locale);
  const date = (iso: string | null) => formatRecordDate(iso, locale);
  const day = (iso: string | null) => formatRecordDay(iso, locale);
  const doc = await PDFDocument.create();
  doc.registerFontkit(cachedFontkit);
  const bytes = await certificateFontBytes();
  const regular = await doc.embedFont(bytes.regular, { subset: true });
  const bold = await doc.embedFont(bytes.bold, { subset: true });
  doc.setTitle(`${t.title}: ${record.user.name}`);
  doc.setAuthor(record.clientName);
  doc.setLanguage(locale);
  doc.setCreationDate(new Date(record.generatedAt));

  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;
  const newPage = () => {
    page = doc.addPage(A4);
    y = A4[1] - MARGIN;
  };
  const room = (needed: number) => {
    if (y - needed < BOTTOM) newPage();
  };
  const write = (text: string, x: number, opts: { font?: PDFFont; size?: number; color?: typeof INK } = {}) =>
    page.drawText(text, { x, y, font: opts.font ?? regular, size: opts.size ?? 9, color: opts.color ?? INK });

  // Heading and the person.
  write(t.title, MARGIN, { font: bold, size: 20 });
  y -= 30;
  const facts: [string, string | null][] = [
    [t.person, record.user.name],
    [t.email, record.user.email],
    [t.username, record.user.username],
    [t.personnelNumber, record.user.personnelNumber],
    [t.client, record.clientName],
    [t.generatedAt, date(record.generatedAt)],
  ];
  for (const [label, value] of facts) {
    if (!value) continue;
    write(label, MARGIN, { color: MUTED, size: 10 });
    write(fit(value, regular, 10, WIDTH - 120), MARGIN + 120, { size: 10 });
    y -= 15;
  }
  y -= 10;
  if (record.trainings.length === 0) write(t.noTrainings, MARGIN, { size: 10 });

  const table = (columns: Column[], rows: string[][]) => {
    const header = () => {
      page.drawRectangle({ x: MARGIN, y: y - 4, width: WIDTH, height: 14, color: BAND });
      let x = MARGIN;
      for (const c of columns) {
        const text = fit(c.header, bold, 7, c.width - 4);
        write(text, c.right ? x + c.width - 4 - bold.widthOfTextAtSize(text, 7) : x + 2, { font: bold, size: 7 });
        x += c.width;
      }
      y -= 15;
    };
    room(30);
    header();
    for (const row of rows) {
      if (y - 12 < BOTTOM) {
        newPage();
        header();
      }
      let x = MARGIN;
      row.forEach((cell, i) => {
        const c = columns[i]!;
        const text = fit(cell, regular, 8, c.width - 4);
        write(text, c.right ? x + c.width - 4 - regular.widthOfTextAtSize(text, 8) : x + 2, { size: 8 });
        x += c.width;
      });
      page.drawLine({
        start: { x: MARGIN, y: y - 4 },
        end: { x: MARGIN + WIDTH, y: y - 4 },
        thickness: 0.3,
        color: RULE,
      });
      y -= 13;
    }
  };

  const score = (n: number | null) => (n === null ? '–' : `${new Intl.NumberFormat(locale).format(n)} %`);
  const certificateCell = (c: TRecordCycle['certificate']) =>
    c ? `${day(c.issuedAt)} (${t.certificateState[c.state]})` : t.noCertificate;
  const cycleRow = (c: TRecordCycle) => [
    c.current ? `${c.cycle} (${t.current})` : String(c.cycle),
    words.status[c.status],
    day(c.startedAt),
    day(c.completedAt),
    score(c.score),
    words.result[c.result] || '–',
    c.completedAt ? (c.validUntil ? day(c.validUntil) : t.forever) : '–',
    certificateCell(c.certificate),
  ];
  const cycleColumns: Column[] = [
    { header: t.cycle, width: 56 },
    { header: t.status, width: 62 },
    { header: t.startedShort, width: 54 },
    { header: t.completedShort, width: 54 },
    { header: t.score, width: 46, right: true },
    { header: t.result, width: 70 },
    { header: t.validUntilShort, width: 54 },
    { header: t.certificate, width: WIDTH - 396 },
  ];
  const moduleColumns: Column[] = [
    { header: t.module, width: 218 },
    { header: t.status, width: 72 },
    { header: t.completedShort, width: 62 },
    { header: t.score, width: 50, right: true },
    { header: t.result, width: WIDTH - 402 },
  ];

  const training = (tr: TRecordTraining) => {
    room(90);
    const title = wrap(tr.courseTitle, bold, 12, WIDTH);
    for (const line of title) {
      write(line, MARGIN, { font: bold, size: 12 });
      y -= 15;
    }
    const notes = [
      tr.deadline ? `${t.deadline}: ${date(tr.deadline)}` : null,
      tr.assigned ? null : t.formerParticipation,
    ].filter((n): n is string => n !== null);
    if (notes.length > 0) {
      write(notes.join(' · '), MARGIN, { color: MUTED, size: 9 });
      y -= 14;
    }
    y -= 2;
    table(cycleColumns, tr.cycles.map(cycleRow));
    if (tr.modules.length > 0) {
      y -= 4;
      room(40);
      write(t.modules, MARGIN, { font: bold, size: 8.5, color: MUTED });
      y -= 13;
      table(
        moduleColumns,
        tr.modules.map((m) => [
          m.required ? m.title : `${m.title} (${t.optionalModule})`,
          t.moduleStatus[m.status],
          day(m.completedAt),
          score(m.score),
          words.result[m.success] || '–',
        ]),
      );
    }
    y -= 16;
  };
  for (const tr of record.trainings) training(tr);

  // Every page's footer: who, when, page n of N (a page torn from the stack still says whose record it is).
  const pages = doc.getPages();
  pages.forEach((p, i) => {
    const footer = `${t.title}: ${record.user.name} · ${date(record.generatedAt)}`;
    p.drawText(fit(footer, regular, 8, WIDTH - 90), { x: MARGIN, y: 36, size: 8, font: regular, color: MUTED });
    const n = t.page(i + 1, pages.length);
    p.drawText(n, { x: MARGIN + WIDTH - regular.widthOfTextAtSize(n, 8), y: 36, size: 8, font: regular, color: MUTED });
  });
  return doc.save();
}

/** The file name of a person's record: `lernnachweis-<name>-<date>`, ASCII only. */
export function recordFileBase(record: TLearningRecord, locale: string): string {
  const name = record.user.name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
  return `${recordTexts(locale).fileName}-${name || record.user.id}-${record.generatedAt.slice(0, 10)}`;
}
