import type { TPageQuery } from '@lms/contracts/common';
import type { TLocale } from '@lms/contracts/constants';
import type { DbOrTrx } from '../../db/database';
import type { AppDeps } from '../../platform/deps';
import type { Actor } from '../../platform/session';

// One template feature, several kinds (issue 29): mail templates (one variant a mail kind: invitation, reminder, ...)
// and certificate templates (one variant). Each kind keeps its two tables (the template, and one row a locale) and
// its API paths; what differs between kinds is said here, once, and template.service.ts does the rest for all.

/** A template's row and a locale row, as far as the common service reads them. */
export interface TemplateRowBase {
  id: string;
}
export interface TemplateLocaleRowBase {
  locale: string;
}

/** A kind's store: its two tables, behind the same few operations. */
export interface TemplateStore<Row, LocaleRow, Content, Query, ListRow> {
  /** A page of the list; its rows carry the reader's locale's texts the list shows. */
  list(
    db: DbOrTrx,
    clientId: string,
    q: Query & TPageQuery,
    reader: TLocale,
  ): Promise<{ rows: ListRow[]; total: number }>;
  find(db: DbOrTrx, clientId: string, id: string): Promise<Row | undefined>;
  locales(db: DbOrTrx, clientId: string, id: string): Promise<LocaleRow[]>;
  insert(db: DbOrTrx, clientId: string, t: { id: string; variant: string; name: string; now: string }): Promise<void>;
  touch(db: DbOrTrx, clientId: string, id: string, changes: { name?: string; updated_at: string }): Promise<void>;
  upsertLocale(
    db: DbOrTrx,
    clientId: string,
    id: string,
    locale: TLocale,
    content: Content,
    now: string,
  ): Promise<void>;
  remove(db: DbOrTrx, clientId: string, id: string): Promise<boolean>;
}

/** What a preview of one locale is made from: the draft over the saved texts over the defaults, then rendered. */
export interface TemplatePreviewer<LocaleRow, Content, Draft, Source, Context, Preview> {
  source(draft: Draft, saved: LocaleRow | undefined, fallback: Content): Source;
  /** The kind's save rules, for the texts the preview is made from. */
  check(variant: string, locale: TLocale, source: Source): void | Promise<void>;
  /** The kind's own rendering: a PDF for certificates, the MIME parts for mails. */
  render(
    deps: AppDeps,
    p: { source: Source; saved: LocaleRow | undefined; locale: TLocale; context: Context },
  ): Preview | Promise<Preview>;
}

export interface TemplateKind<
  Row extends TemplateRowBase,
  LocaleRow extends TemplateLocaleRowBase,
  Content,
  Template,
  Item,
  Query,
  ListRow extends TemplateRowBase,
> {
  /** The error catalogue's name for a template of this kind (404 `<entity>_not_found`). */
  entity: 'mail_template' | 'certificate_template';
  store: TemplateStore<Row, LocaleRow, Content, Query, ListRow>;
  /** A kind with a single variant names it: its texts are checked before the template is looked up. */
  singleVariant?: string;
  variantOf(row: Row): string;
  /** A locale's texts when none were saved, and for a locale a new template leaves out. */
  defaults(variant: string, locale: TLocale): Content;
  /** The kind's save rules (placeholders it knows, and for mails the HTML and link rules): a 400 when broken. */
  validate(variant: string, locale: TLocale, content: Content): void | Promise<void>;
  present(
    db: DbOrTrx,
    clientId: string,
    row: Row,
    locales: LocaleRow[],
    reader: TLocale | undefined,
  ): Template | Promise<Template>;
  listItems(db: DbOrTrx, actor: Actor, rows: ListRow[]): Item[] | Promise<Item[]>;
  /** Before a list: e.g. mail makes each client's standard templates the first time. */
  beforeList?(db: DbOrTrx, actor: Actor): Promise<void>;
  /** Inside the delete's transaction, before the row goes: e.g. a template in use stays (409). */
  beforeRemove?(trx: DbOrTrx, clientId: string, id: string): Promise<void>;
  /** After the delete's transaction: e.g. the template's files in storage go. */
  afterRemove?(deps: AppDeps, clientId: string, id: string): Promise<void>;
}
