import type { TLocale } from '@lms/contracts/constants';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { DataColumn } from '../../../components/data-table';

// One template feature on the screen (issue 29): the list, the create dialog, the editor and its locale form serve
// every kind of template (mail, certificate); what differs between kinds is said here, in one object a kind.

/** A template as the editor reads it: a name, and one set of texts a locale with what was saved beside them. */
export interface EditedTemplate<Saved> {
  id: string;
  name: string;
  updatedAt: string;
  locales: (Saved & { locale: TLocale })[];
}

/** One text field of a locale's form. */
export interface TextFieldSpec<Content> {
  key: keyof Content & string;
  /** The element id, before `-<locale>` (the browser journeys find fields by it). */
  id: string;
  label: string;
  description?: string;
  required?: boolean;
  maxLength?: number;
  /** A text area of at least this many rows; else one line. */
  minRows?: number;
  /** An optional text (HTML): empty is null. */
  nullable?: boolean;
  monospace?: boolean;
}

/** A locale's file (a certificate's PDF background, a mail's HTML body) and the placeholders its texts may use. */
export interface LocaleFormSpec<Content, Saved> {
  fields: TextFieldSpec<Content>[];
  file: {
    title: string;
    /** What is stored now, or the words for none. */
    current(saved: Saved | undefined): string;
    hint?: string;
    accept: string;
    has(saved: Saved | undefined): boolean;
    uploadLabel(has: boolean): string;
    removeLabel: string;
  };
  placeholders: {
    names: readonly string[];
    /** Further hints after the common one. */
    hints: string[];
    /** A list with each placeholder's meaning, or a row of placeholders with it in a tooltip. */
    shown: 'list' | 'tooltips';
    meaning(name: string): string;
  };
}

/** What the editor offers a kind's own parts: the open locale, its draft, and the editor's error and busy handling. */
export interface EditorContext<T, Content> {
  template: T;
  locale: TLocale;
  draft: Content;
  busy: boolean;
  run: (action: () => Promise<void>) => Promise<void>;
}

export interface ListParams {
  page: number;
  pageSize: number;
  search: string;
  locale: string;
  variant: string | null;
}

export interface TemplateKindUi<
  T extends EditedTemplate<Saved>,
  Content,
  Saved,
  Item extends { id: string; name: string; updatedAt: string },
> {
  /** The translation namespace of the kind's words (`templates.*`). */
  ns: string;
  /** The list's namespaces, the kind's first. */
  listNs: string[];
  /** The list's path; a template's page is this path and its id. */
  path: string;
  queryKeys: { all: readonly unknown[]; one(id: string): readonly unknown[] };
  useOne(id: string): UseQueryResult<T>;
  useList(p: ListParams): UseQueryResult<{ items: Item[]; total: number; totalCapped?: boolean }>;
  create(p: { name: string; variant: string | null }): Promise<{ id: string }>;
  save(id: string, body: { name: string; locales: Record<TLocale, Content> }): Promise<T>;
  remove(id: string): Promise<unknown>;
  upload(id: string, locale: TLocale, file: File): Promise<T>;
  removeFile(id: string, locale: TLocale): Promise<T>;
  draftOf(saved: Saved): Content;
  /** The variants a template is made as (mail kinds), with their names; none for a kind of one. */
  variants?(t: TFunction): { value: string; label: string }[];
  defaultVariant?: string;
  /** A failed save marks the fields the server named and their tabs. */
  marksFields: boolean;
  messages: { fileRemoved: string; createClose: string; createHint?: string; emptyKey: string };
  /** The badge beside the title. */
  badge(template: T, t: TFunction): ReactNode;
  form(t: TFunction, language: string, template: T): LocaleFormSpec<Content, Saved>;
  columns(t: TFunction): DataColumn<Item>[];
  /** Whether the list is narrowed (an empty one says "no match" then). */
  filtered(p: { search: string; debounced: string; variant: string | null }): boolean;
  /** Above the locale tabs: what a template has once for all locales (a certificate's design). */
  header?(template: T): ReactNode;
  /** The locale's tab: the form, e.g. beside a live preview. */
  panel?(form: ReactNode, ctx: EditorContext<T, Content>): ReactNode;
  /** Buttons between save and delete, e.g. a preview. */
  actions?(ctx: EditorContext<T, Content>): ReactNode;
}
