import { parse, type Filter } from 'scim2-parse-filter';
import { scimFail } from './scim-error';
import type { ScimKind } from './scim-resource.repository';
import {
  attributeOf,
  checkedExtension,
  checkedValue,
  coreSchemaOf,
  plainValue,
  schemasOfKind,
  subAttributeOf,
  type AttributeDef,
  type SchemaDef,
} from './scim-schema';

/** What a PATCH path names (RFC 7644 section 3.5.2's PATH): a whole extension, or an attribute of a schema. */
export interface PatchTarget {
  schema: SchemaDef;
  /** Absent: the whole extension (`urn:...:enterprise:2.0:User`). */
  attr?: AttributeDef;
  filter?: string;
  sub?: string;
}

// attrPath [ "[" valFilter "]" ] [ "." subAttr ], names as RFC 7643 section 2.1's ATTRNAME (and "$ref").
const PATH = /^([A-Za-z][\w-]*)(?:\[(.+)\])?(?:\.(\$?[A-Za-z][\w-]*))?$/s;

/**
 * Checks a value filter's attribute names against the attribute's sub-attributes (`emails[type eq "work"]`,
 * `members[value eq "id"]`). A filter with ":" is refused: scim-patch 0.8.3 takes the last ":" of a path as the
 * end of a schema URN, even inside a quoted value, and would walk another path than the one checked here.
 */
function checkFilter(attr: AttributeDef, text: string): void {
  if (!attr.multiValued) scimFail(400, 'invalidPath', `${attr.name} is not multi-valued: it has no filter.`);
  if (text.includes(':')) scimFail(400, 'invalidFilter', 'A value filter with ":" is not supported.');
  let ast: Filter;
  try {
    ast = parse(text);
  } catch {
    return scimFail(400, 'invalidFilter', `The filter of ${attr.name} cannot be parsed.`);
  }
  const walk = (f: Filter): void => {
    if ('filters' in f) return f.filters.forEach(walk);
    if ('filter' in f) return walk(f.filter);
    if ('valFilter' in f) return scimFail(400, 'invalidFilter', 'A value filter cannot hold another.');
    subAttributeOf(attr, f.attrPath);
  };
  walk(ast);
}

/**
 * Reads a PATCH path against the resource's schemas: an optional schema URN (any the resource has, core included),
 * a known attribute, an optional value filter on sub-attributes and an optional known sub-attribute. Anything else is
 * 400 invalidPath, before scim-patch sees it.
 */
export function parsePath(kind: ScimKind, path: string, filters = true): PatchTarget {
  let schema = coreSchemaOf(kind);
  let rest = path;
  if (/^urn:/i.test(path)) {
    const lower = path.toLowerCase();
    const whole = schemasOfKind(kind).find((s) => s.urn.toLowerCase() === lower);
    if (whole?.extension) return { schema: whole };
    const named = schemasOfKind(kind).find((s) => lower.startsWith(`${s.urn.toLowerCase()}:`));
    if (!named) return scimFail(400, 'invalidPath', `The path names no schema of a ${kind}.`);
    schema = named;
    rest = path.slice(named.urn.length + 1);
  }
  const m = PATH.exec(rest);
  if (!m) return scimFail(400, 'invalidPath', `The path "${path.slice(0, 64)}" is not an attribute path.`);
  const [, name = '', filter, subName] = m;
  const attr = attributeOf(schema, name);
  if (filter !== undefined) {
    if (!filters) scimFail(400, 'invalidPath', 'A value filter is no attribute name.');
    checkFilter(attr, filter);
  }
  const sub = subName === undefined ? undefined : subAttributeOf(attr, subName);
  return { schema, attr, filter, sub };
}

/** The path as scim-patch reads it: core attributes bare, an extension's under its URN, names as the schema's. */
export function pathOf(t: PatchTarget & { attr: AttributeDef }): string {
  const local = `${t.attr.name}${t.filter === undefined ? '' : `[${t.filter}]`}${t.sub ? `.${t.sub}` : ''}`;
  return t.schema.extension ? `${t.schema.urn}:${local}` : local;
}

/** The value a target takes, with every key checked (recursively, RFC 7643's two levels). */
export function valueFor(t: PatchTarget, value: unknown): unknown {
  if (!t.attr) return checkedExtension(t.schema, value);
  if (t.sub) return plainValue(value, `${t.attr.name}.${t.sub}`);
  return checkedValue(t.attr, value);
}
