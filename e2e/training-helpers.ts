import type { Locator, Page } from 'playwright-core';
import { settle } from './browser';
import { golfZip } from './content-helpers';
import { DEMO_PASSWORD, type TestServer } from './harness';
import { pickDate } from './date-picker';

/** API calls as a demo user, for what a journey arranges before its screens (as an admin elsewhere would). */
export async function apiAs(server: TestServer, login: string) {
  const base = server.url('');
  const res = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ emailOrUsername: login, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${login}: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const isForm = body instanceof FormData;
    const answer = await fetch(`${base}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
    return (await answer.json()) as T;
  };
  return {
    get: <T>(path: string) => call<T>('GET', path),
    post: <T>(path: string, body: unknown) => call<T>('POST', path, body),
  };
}

/** A one-page PDF showing a line of text, with a correct cross-reference table, so viewers render it. */
export function onePagePdf(text: string): Buffer {
  const content = `BT /F1 24 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

interface Module {
  id: string;
  title: string;
}

/**
 * A content master's course with two modules, uploaded through the API as the content screens would: a PDF first
 * (it opens at once) and a SCORM golf package second (locked until the PDF is completed, DECISIONS "module
 * locking").
 */
export async function createCourseWithModules(
  server: TestServer,
  title: string,
): Promise<{ courseId: string; pdf: Module; scorm: Module }> {
  const content = await apiAs(server, 'content@demo.example');
  const course = await content.post<{ id: string }>('/courses', {
    i18n: {
      'de-DE': { title, description: 'Regeln, Zuständigkeiten und Verhalten im Notfall.' },
      'en-US': { title: `${title} (EN)`, description: 'Rules, responsibilities and what to do in an emergency.' },
    },
  });
  const upload = async (file: { name: string; mimeType: string; buffer: Buffer }, de: string, minutes: number) => {
    const form = new FormData();
    form.append(
      'data',
      JSON.stringify({
        i18n: { 'de-DE': { title: de }, 'en-US': { title: `${de} (EN)` } },
        durationInMinutes: minutes,
      }),
    );
    form.append('file', new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
    return content.post<Module>(`/courses/${course.id}/modules`, form);
  };
  const pdf = await upload(
    { name: 'grundlagen.pdf', mimeType: 'application/pdf', buffer: onePagePdf('Grundlagen der Arbeitssicherheit') },
    'Grundlagen lesen',
    10,
  );
  const scorm = await upload(await golfZip('RuntimeBasicCalls_SCORM12'), 'Golf-Quiz', 45);
  return { courseId: course.id, pdf, scorm };
}

export const userIdOf = async (server: TestServer, email: string): Promise<string> => {
  const [row] = await server.db.all<{ id: string }>('SELECT id FROM users WHERE email_normalized = ?', [email]);
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
};

/**
 * How far a table reaches past what the reader sees of it without scrolling (0: every column in view): its last
 * column's right edge against its scroll box and the window (issue 32: the status table cut off its last column at
 * 1280 px).
 */
export const tableOverhang = (page: Page, name: string): Promise<number> =>
  page.getByRole('table', { name, exact: true }).evaluate((table) => {
    let box = table.parentElement;
    while (box && getComputedStyle(box).overflowX === 'visible') box = box.parentElement;
    const seen = Math.min(box?.getBoundingClientRect().right ?? Infinity, document.documentElement.clientWidth);
    const cells = table.querySelectorAll('thead th');
    const last = cells[cells.length - 1] ?? table;
    return Math.max(0, Math.ceil(last.getBoundingClientRect().right - seen));
  });

export interface TrainingInput {
  /** The course's title as the course picker lists it. */
  course: string;
  group: string;
  /** YYYY-MM-DD, as the date field takes it. */
  deadline: string;
}

/** Fills the training drawer of /coordination/trainings (German): the course, one group and the deadline. */
export async function fillTrainingDrawer(page: Page, drawer: Locator, training: TrainingInput): Promise<void> {
  await drawer.getByRole('combobox', { name: 'Kurs' }).click();
  await page.getByRole('option', { name: training.course, exact: true }).click();
  await drawer.getByRole('combobox', { name: 'Gruppen' }).click();
  await page.getByRole('listbox', { name: 'Gruppen' }).getByRole('option', { name: training.group }).click();
  await page.keyboard.press('Escape');
  // The deadline is a DateField (Mantine's picker) since issue 12: picked in its calendar, not typed.
  await pickDate(page, drawer, 'Frist', training.deadline);
  await settle(page);
}
