import type { DbOrTrx } from '../../db/database';

// Who uses a template is known to the features that name one (a course names its certificate template), which sit
// beside or above templates and import it; so templates does not import them back (issue 29, no cycles). Such a
// feature tells templates how to count its uses once, when the app is put together (app.ts).

/** How many users (e.g. courses) name each of these templates; a template no one names is absent or 0. */
export type TemplateUsageCounter = (
  db: DbOrTrx,
  clientId: string,
  templateIds: readonly string[],
) => Promise<Map<string, number>>;

const counters = new Map<'certificate', TemplateUsageCounter>();

export function registerTemplateUsage(kind: 'certificate', counter: TemplateUsageCounter): void {
  counters.set(kind, counter);
}

/** The uses of templates of the kind; unset is a wiring mistake, not "unused": deleting a used template would pass. */
export function templateUsage(
  kind: 'certificate',
  db: DbOrTrx,
  clientId: string,
  templateIds: readonly string[],
): Promise<Map<string, number>> {
  const counter = counters.get(kind);
  if (!counter) throw new Error(`templates: no usage counter registered for ${kind} templates (see app.ts)`);
  return counter(db, clientId, templateIds);
}
