import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';

// The web app's modules read the cookie jar and the stored language when loaded; these tests run in Node, where
// empty ones stand in (the texts compared are i18n's own, whatever it resolves).
vi.hoisted(() => {
  const g = globalThis as { document?: unknown; localStorage?: unknown };
  g.document ??= { cookie: '', documentElement: { setAttribute: () => undefined } };
  g.localStorage ??= { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };
});
import { ApiError } from '../lib/api-client';
import i18n from '../lib/i18n';
import { errorAt, fieldErrorsOf, hasErrorUnder } from './field-errors';

const refusal = (fields: { field: string; message: string }[]) =>
  new ApiError(400, 'validation_failed', 'body is invalid', { fields });

describe('the fields a 400 names (issue 12 "a failed save marks the field, and the tab it sits on")', () => {
  it('keys each field by its path in the body, with a text in the reader language instead of zod wording', () => {
    const marked = fieldErrorsOf(
      refusal([
        { field: 'body.admin.email', message: 'Invalid email address' },
        { field: 'body.name', message: 'Too small: expected string to have >=1 characters' },
        { field: 'body.locales.en-US.subject', message: 'Too big: expected string to have <=200 characters' },
      ]),
    );
    expect(marked).toEqual({
      'admin.email': i18n.t('forms:fieldInvalid'),
      name: i18n.t('forms:fieldRequired'),
      'locales.en-US.subject': i18n.t('forms:fieldTooLong'),
    });
    expect(errorAt(marked, 'admin.email')).toBe(i18n.t('forms:fieldInvalid'));
    expect(errorAt(marked, 'admin')).toBe(i18n.t('forms:fieldInvalid'));
    expect(errorAt(marked, 'admin.firstName')).toBeUndefined();
    expect(hasErrorUnder(marked, 'locales.en-US')).toBe(true);
    expect(hasErrorUnder(marked, 'locales.de-DE')).toBe(false);
  });

  it('a member of a list marks the list (memberIds.3 marks the member picker)', () => {
    const marked = fieldErrorsOf(refusal([{ field: 'body.memberIds.3', message: 'Invalid UUID' }]));
    expect(errorAt(marked, 'memberIds')).toBeDefined();
  });

  it('marks nothing for another error or a 400 without fields', () => {
    expect(fieldErrorsOf(new ApiError(409, 'conflict', 'taken'))).toEqual({});
    expect(fieldErrorsOf(new ApiError(400, 'validation_failed', 'bad', {}))).toEqual({});
    expect(fieldErrorsOf(new Error('offline'))).toEqual({});
  });
});

/**
 * Every form that saves through useFormSubmit binds each of its inputs to the server's refusal of that field
 * (`error={...fieldError(...)}`), so a failed save marks the field instead of only "check the marked fields" with
 * nothing marked. Read from the sources like lib/i18n.test.ts: a new input without its binding fails here.
 */
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return e.name.endsWith('.tsx') && !e.name.includes('.test.') ? [full] : [];
  });
const INPUT =
  /<(TextInput|Textarea|NativeSelect|Select|MultiSelect|Checkbox|DateField|UserPicker|PasswordInput)\b[\s\S]*?\/>/g;

describe('forms that save through useFormSubmit', () => {
  const forms = sources(src).filter(
    (f) => !f.endsWith('form-submit.tsx') && readFileSync(f, 'utf8').includes('useFormSubmit()'),
  );

  it('exist', () => expect(forms.length).toBeGreaterThanOrEqual(7));

  it.each(forms.map((f) => [path.relative(src, f), f]))('%s binds every input to its server error', (_, file) => {
    const unbound = [...readFileSync(file, 'utf8').matchAll(INPUT)]
      .map((m) => m[0])
      // A read-only field (a token's secret shown once) is never sent.
      .filter((tag) => !/\berror=\{/.test(tag) && !/\breadOnly\b/.test(tag))
      .map((tag) => tag.split('\n').slice(0, 3).join(' ').replace(/\s+/g, ' '));
    expect(unbound).toEqual([]);
  });
});
