import { randomBytes } from 'node:crypto';
import { newId, nowIso } from '../../apps/server/src/platform/ids';
import { hashToken } from '../../apps/server/src/platform/session';
import { requestJson } from '../../apps/server/test/server-process';
import type { BenchContext, BenchScenario } from '../types';

/** SCIM_BENCH_USERS overrides the 10,000 (a quick look while working on the scenario). */
const PROVISION = Number(process.env.SCIM_BENCH_USERS ?? 10_000);

/** A directory's token for the bench client, written as the tokens tab would (only its SHA-256 is kept). */
async function directoryToken(ctx: BenchContext): Promise<string> {
  const secret = `lms_${randomBytes(32).toString('base64url')}`;
  await ctx.db
    .insertInto('client_tokens')
    .values({
      id: newId(),
      client_id: ctx.clientId,
      name: 'Bench directory',
      secret_hash: hashToken(secret),
      expires_on: null,
      is_active: true,
      created_by_user_id: null,
      created_by_name: 'bench',
      created_at: nowIso(),
      last_accessed_at: null,
      invalidated_at: null,
    })
    .execute();
  return secret;
}

/** A User resource as Entra ID sends it on create (Microsoft's "Create User" example, with its own names). */
const userBody = (tag: string) =>
  JSON.stringify({
    schemas: [
      'urn:ietf:params:scim:schemas:core:2.0:User',
      'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
    ],
    externalId: `ext-${tag}`,
    userName: `scim-${tag}@bench.example`,
    active: true,
    emails: [{ primary: true, type: 'work', value: `scim-${tag}@bench.example` }],
    meta: { resourceType: 'User' },
    name: { formatted: `Scim ${tag}`, familyName: tag, givenName: 'Scim' },
    'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { employeeNumber: tag, department: 'Bench' },
  });

/**
 * Issue 13: provisioning 10,000 users through SCIM, as a directory's first sync does (POST /scim/v2/Users, one user
 * per request, `connections` at once). The whole provisioning is timed and printed; then autocannon drives the same
 * call with fresh user names for the table.
 */
export const scenarios: BenchScenario[] = [
  {
    name: 'scim-provision-users',
    async prepare(ctx) {
      const secret = await directoryToken(ctx);
      const headers = {
        host: ctx.host,
        authorization: `Bearer ${secret}`,
        'content-type': 'application/scim+json',
      };
      let next = 0;
      let failed = 0;
      let firstFailure = '';
      const started = performance.now();
      const worker = async () => {
        while (next < PROVISION) {
          const i = next++;
          // node:http, not fetch: fetch may not set the Host header, which names the client.
          const res = await requestJson(ctx.baseUrl, {
            method: 'POST',
            path: '/scim/v2/Users',
            host: ctx.host,
            raw: { payload: Buffer.from(userBody(`p${i}`)), headers: { 'content-type': 'application/scim+json' } },
            token: secret,
          });
          const text = JSON.stringify(res.body);
          if (res.status !== 201) {
            failed++;
            firstFailure ||= `${res.status} ${text.slice(0, 200)}`;
          }
        }
      };
      await Promise.all(Array.from({ length: ctx.connections }, worker));
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `scim-provision: ${PROVISION} users through POST /scim/v2/Users with ${ctx.connections} connections in ` +
          `${seconds.toFixed(1)} s (${Math.round(PROVISION / seconds)} users/s), ${failed} failed${failed ? ` (first: ${firstFailure})` : ''}`,
      );
      let n = 0;
      return {
        method: 'POST',
        path: '/scim/v2/Users',
        headers,
        body: userBody('sample'),
        setupRequest: (req) => ({ ...req, body: userBody(`a${process.pid}-${n++}`) }),
        sample: {
          schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
          id: newId(),
          userName: 'scim@bench.example',
        },
      };
    },
  },
];
