import { scimPatch, type ScimPatchOperation, type ScimResource } from 'scim-patch';
import { ScimError, scimFail } from './scim-error';
import { parsePath, pathOf, valueFor } from './scim-patch-paths';
import type { ScimData, ScimKind } from './scim-resource.repository';
import { scimBoolean } from './scim-user-map';

export const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

const obj = (v: unknown): Record<string, unknown> | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/** One step of a PATCH: an operation for scim-patch, or the removal of a whole extension (which it cannot do). */
export type PatchStep = ScimPatchOperation | { op: 'dropExtension'; urn: string };

type Op = 'add' | 'replace' | 'remove';
const isOp = (op: string): op is Op => op === 'add' || op === 'replace' || op === 'remove';

/**
 * One operation as steps scim-patch walks safely: every path and every key of a value is checked against the
 * resource's schemas first (scim-patch-paths.ts). A path-less add or replace (RFC 7644 section 3.5.2, "the target
 * location is assumed to be the resource itself") becomes one step per key, and an extension as a whole, by path or
 * as a key, one step per attribute of it: scim-patch 0.8.3 splits a key at its last ":" and would store
 * `{"urn:...:enterprise:2.0": {"User": ...}}`.
 */
function stepsOf(kind: ScimKind, op: Op, path: string | undefined, value: unknown, isKey = false): PatchStep[] {
  if (path === undefined) {
    if (op === 'remove') return scimFail(400, 'noTarget', 'remove needs a path.');
    const v = obj(value) ?? scimFail(400, 'invalidValue', `${op} without a path needs an object of attributes.`);
    return Object.entries(v).flatMap(([key, x]) => stepsOf(kind, op, key, x, true));
  }
  // A key of a path-less value names an attribute, never a filter (RFC 7644 section 3.5.2.1).
  const t = parsePath(kind, path, !isKey);
  if (!t.attr) {
    if (op === 'remove') return [{ op: 'dropExtension', urn: t.schema.urn }];
    const ext = obj(valueFor(t, value)) ?? {};
    return Object.entries(ext).map(([name, x]) => ({ op, path: `${t.schema.urn}:${name}`, value: x }));
  }
  const p = pathOf({ ...t, attr: t.attr });
  if (op === 'remove') return [value === undefined ? { op, path: p } : { op, path: p, value: valueFor(t, value) }];
  if (value === undefined) return scimFail(400, 'invalidValue', `${op} needs a value.`);
  const checked = valueFor(t, value);
  // Entra ID without the aadOptscim062020 flag sends booleans as "True"/"False" (Microsoft's SCIM known issues).
  const v = !t.schema.extension && t.attr.name === 'active' && !t.sub ? scimBoolean(checked, 'active') : checked;
  return [{ op, path: p, value: v }];
}

/**
 * Reads a PatchOp body (RFC 7644 section 3.5.2) into steps for a resource of this kind, and evens out what Entra ID
 * sends with and without the aadOptscim062020 flag (Microsoft's "Known issues and resolutions with SCIM 2.0 protocol
 * compliance"): "Replace" and "Add" in any case, and `active` as "True"/"False". Dotted names in a path-less value
 * (`{"name.givenName": ...}`) and member removal by a value list or a `members[value eq "..."]` path are read by
 * scim-patch itself.
 */
export function readOperations(kind: ScimKind, body: unknown): PatchStep[] {
  const b = obj(body);
  if (!b) return scimFail(400, 'invalidSyntax', 'The body must be a PatchOp message.');
  const schemas = b.schemas;
  if (schemas !== undefined && (!Array.isArray(schemas) || !schemas.includes(PATCH_OP)))
    scimFail(400, 'invalidSyntax', `schemas must hold ${PATCH_OP}.`);
  const ops = Object.hasOwn(b, 'Operations') ? b.Operations : b.operations;
  if (!Array.isArray(ops) || ops.length === 0) return scimFail(400, 'invalidSyntax', 'Operations must be a list.');
  if (ops.length > 1000) return scimFail(400, 'tooMany', 'At most 1,000 operations per request.');
  const read = ops.map((raw) => {
    const o = obj(raw);
    const op = typeof o?.op === 'string' ? o.op.toLowerCase() : '';
    if (!isOp(op)) return scimFail(400, 'invalidSyntax', 'Unknown op.');
    const path = o?.path;
    if (path !== undefined && (typeof path !== 'string' || path.length > 512))
      return scimFail(400, 'invalidPath', 'path must be a string.');
    return { op, path, value: o?.value };
  });
  // Every operation is checked before any is applied.
  return read.flatMap((o) => stepsOf(kind, o.op, o.path, o.value));
}

/** Applies the steps to a copy of the resource with scim-patch; its errors are the directory's 400. */
export function applyOperations(resource: ScimData, steps: PatchStep[]): ScimData {
  const kind = obj(resource.meta)?.resourceType;
  const doc = JSON.parse(
    JSON.stringify({ ...resource, meta: { resourceType: typeof kind === 'string' ? kind : 'User' } }),
  ) as ScimData;
  try {
    for (const step of steps) {
      if (step.op === 'dropExtension') delete doc[step.urn];
      else scimPatch(doc as unknown as ScimResource, [step], { mutateDocument: true, treatMissingAsAdd: true });
    }
    return doc;
  } catch (err) {
    if (err instanceof ScimError) throw err;
    const code = (err as { scimCode?: string }).scimCode;
    const type = code === 'noTarget' || code === 'invalidPath' || code === 'invalidFilter' ? code : 'invalidValue';
    return scimFail(400, type, err instanceof Error ? err.message : 'The patch cannot be applied.');
  }
}
