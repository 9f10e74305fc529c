import { scimPatch, type ScimPatchOperation, type ScimResource } from 'scim-patch';
import { scimFail } from './scim-error';
import type { ScimData } from './scim-resource.repository';
import { scimBoolean } from './scim-user-map';

export const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

const obj = (v: unknown): Record<string, unknown> | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/**
 * Reads a PatchOp body (RFC 7644 section 3.5.2) and evens out what Entra ID sends with and without the
 * aadOptscim062020 flag (Microsoft's "Known issues and resolutions with SCIM 2.0 protocol compliance"): "Replace"
 * and "Add" in any case, and `active` as "True"/"False". Path-less operations with dotted names
 * (`{"name.givenName": ...}`) and member removal by a value list or a `members[value eq "..."]` path are read by
 * scim-patch itself.
 */
export function readOperations(body: unknown): ScimPatchOperation[] {
  const b = obj(body);
  if (!b) return scimFail(400, 'invalidSyntax', 'The body must be a PatchOp message.');
  const schemas = b.schemas;
  if (schemas !== undefined && (!Array.isArray(schemas) || !schemas.includes(PATCH_OP)))
    scimFail(400, 'invalidSyntax', `schemas must hold ${PATCH_OP}.`);
  const ops = b.Operations ?? b.operations;
  if (!Array.isArray(ops) || ops.length === 0) return scimFail(400, 'invalidSyntax', 'Operations must be a list.');
  if (ops.length > 1000) return scimFail(400, 'tooMany', 'At most 1,000 operations per request.');
  return ops.map((raw) => {
    const o = obj(raw);
    const op = typeof o?.op === 'string' ? o.op.toLowerCase() : '';
    if (op !== 'add' && op !== 'replace' && op !== 'remove') return scimFail(400, 'invalidSyntax', 'Unknown op.');
    const path = o?.path;
    if (path !== undefined && (typeof path !== 'string' || path.length > 512))
      return scimFail(400, 'invalidPath', 'path must be a string.');
    let value = o?.value;
    if (typeof path === 'string' && path.toLowerCase() === 'active') value = scimBoolean(value, 'active');
    const v = obj(value);
    if (path === undefined && v) {
      value = Object.fromEntries(
        Object.entries(v).map(([k, x]) => [k, k.toLowerCase() === 'active' ? scimBoolean(x, 'active') : x]),
      );
    }
    if (op === 'remove') return (value === undefined ? { op, path } : { op, path, value }) as ScimPatchOperation;
    if (value === undefined) return scimFail(400, 'invalidValue', `${op} needs a value.`);
    return path === undefined ? { op, value } : { op, path, value };
  });
}

/** Applies operations to a copy of the resource with scim-patch; its errors are the directory's 400. */
export function applyOperations(resource: ScimData, ops: ScimPatchOperation[]): ScimData {
  try {
    const kind = obj(resource.meta)?.resourceType;
    const doc = { ...resource, meta: { resourceType: typeof kind === 'string' ? kind : 'User' } };
    const out = scimPatch(doc as unknown as ScimResource, ops, { mutateDocument: false, treatMissingAsAdd: true });
    return out as unknown as ScimData;
  } catch (err) {
    const code = (err as { scimCode?: string }).scimCode;
    const type = code === 'noTarget' || code === 'invalidPath' || code === 'invalidFilter' ? code : 'invalidValue';
    return scimFail(400, type, err instanceof Error ? err.message : 'The patch cannot be applied.');
  }
}
