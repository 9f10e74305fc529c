import type { ParsedMail } from 'mailparser';
import type { Db } from '../../db/database';

// Test helpers for the weekly digest (issue 31 point 4): the figures counted again, independently of the digest's
// SQL (every row read, the rules applied in plain code), and the links of a delivered mail taken apart. Test-only.

export interface Expected {
  overdue: number;
  expiring: number;
  completed: number;
}

const DAY_MS = 86_400_000;

/**
 * The three figures of one group at `now`, counted row by row: the group's members, the trainings assigned to it,
 * every participant row of those, and the trainings' deadlines (their own, else the course's).
 */
export async function countIndependently(
  db: Db,
  clientId: string,
  groupId: string,
  now: Date,
  overdueSinceDay: string,
): Promise<Expected> {
  const members = new Set(
    (await db.selectFrom('group_members').select('user_id').where('group_id', '=', groupId).execute()).map(
      (r) => r.user_id,
    ),
  );
  const trainingIds = (
    await db.selectFrom('training_groups').select('training_id').where('group_id', '=', groupId).execute()
  ).map((r) => r.training_id);
  const today = now.toISOString().slice(0, 10);
  const periodEnd = Date.parse(`${today}T00:00:00.000Z`);
  const out: Expected = { overdue: 0, expiring: 0, completed: 0 };
  for (const trainingId of trainingIds) {
    const t = await db
      .selectFrom('trainings')
      .innerJoin('courses', 'courses.id', 'trainings.course_id')
      .select(['trainings.deadline as own', 'courses.deadline as course'])
      .where('trainings.id', '=', trainingId)
      .where('trainings.client_id', '=', clientId)
      .executeTakeFirstOrThrow();
    const deadline = t.own ?? t.course;
    const rows = await db
      .selectFrom('training_participants')
      .selectAll()
      .where('training_id', '=', trainingId)
      .execute();
    for (const p of rows) {
      if (!members.has(p.user_id) || !p.is_assigned) continue;
      const open = p.status === 'PENDING' || p.status === 'STARTED';
      if (open && deadline && deadline < today && deadline >= overdueSinceDay) out.overdue++;
      const ends = p.valid_until ? Date.parse(p.valid_until) : NaN;
      if (ends > now.getTime() && ends <= now.getTime() + 30 * DAY_MS) out.expiring++;
      const done = p.completed_at ? Date.parse(p.completed_at) : NaN;
      if (done >= periodEnd - 7 * DAY_MS && done < periodEnd) out.completed++;
    }
  }
  return out;
}

export interface DigestLine {
  section: 'overdue' | 'expiring' | 'completed';
  groupName: string;
  count: number;
  url: URL;
}

const HEADINGS: ReadonlyArray<[DigestLine['section'], RegExp]> = [
  ['overdue', /^(Newly overdue|Seit der letzten Übersicht überfällig|En retard depuis)/],
  ['expiring', /^(Certifications expiring|Zertifizierungen, die|Certifications qui expirent)/],
  ['completed', /^(Completed this week|In dieser Woche abgeschlossen|Terminées cette semaine)/],
];

/** The group lines of a delivered digest (its text part): section, group, figure and the link under it. */
export function digestLines(mail: ParsedMail): DigestLine[] {
  const lines = (mail.text ?? '').split('\n');
  const out: DigestLine[] = [];
  let section: DigestLine['section'] | undefined;
  lines.forEach((line, i) => {
    const heading = HEADINGS.find(([, re]) => re.test(line));
    if (heading) section = heading[0];
    const m = /^- (.+): (\d+)$/.exec(line);
    if (m && section)
      out.push({ section, groupName: m[1] ?? '', count: Number(m[2]), url: new URL((lines[i + 1] ?? '').trim()) });
  });
  return out;
}
