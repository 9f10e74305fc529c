import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/test-app';
import { directoryOf, replayStep, type Directory, type FixtureStep } from './scim-test-kit';

// Issue 13 acceptance "Entra sequence" and "Okta sequence": each documented request is one test, replayed in the
// documents' order against a real database; fixtures/README.md names the sources.

const load = (name: string): FixtureStep[] =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8')) as FixtureStep[];

const SEQUENCES: Array<[string, string]> = [
  ['Microsoft Entra ID provisioning (request and response examples)', 'entra-sequence.json'],
  ['Microsoft Entra ID PATCH shapes with and without aadOptscim062020', 'entra-compat.json'],
  ['Okta SCIM 2.0 (user and group operations)', 'okta-sequence.json'],
];

describeEachDialect('SCIM fixtures', (ctx) => {
  for (const [title, file] of SEQUENCES) {
    describe(title, () => {
      let dir: Directory;
      const vars = new Map<string, string>();
      beforeAll(async () => {
        dir = await directoryOf(ctx().app, ctx().deps.db);
      });
      for (const step of load(file)) {
        it(`${step.request.method} ${step.name} -> ${step.response.status}`, async () => {
          await replayStep(dir, step, vars);
        });
      }
      it('every step of the file ran (the sequence is complete)', () => {
        expect(load(file).length).toBeGreaterThan(10);
      });
    });
  }
});
