import { Alert, Button, Group } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../lib/error-text';
import { errorAt, fieldErrorsOf, hasErrorUnder, type FieldErrors } from './field-errors';

/** A drawer's or modal's form that saves to the server: busy while it runs, the error it shows above its fields. */
export interface FormSubmit {
  busy: boolean;
  error: string | null;
  setError: (error: string | null) => void;
  /** The fields the server's 400 named, by their path in the body (e.g. `locales.en-US.subject`). */
  fieldErrors: FieldErrors;
  /** A field's error text for its `error` prop: `error={form.fieldError('name')}`. */
  fieldError: (path: string) => string | undefined;
  /** Whether a field at or below `prefix` is marked (a tab or section that holds it). */
  hasFieldError: (prefix: string) => boolean;
  /** Runs `action` while busy; what it throws becomes the form's error, in the reader's language. */
  run: (action: () => Promise<void>) => Promise<void>;
  /** The form's onSubmit: a text from `check` (e.g. a required field left empty) is shown instead of saving. */
  submit: (check: () => string | null, action: () => Promise<void>) => (e: FormEvent) => void;
}

export interface FormSubmitOptions {
  /** The text of a failure, for a form with its own messages: then no field is marked from the server's answer. */
  errorOf?: (err: unknown) => string;
  /** The action leaves the page when it succeeds (e.g. navigates away): the form stays busy until it is gone. */
  leaves?: boolean;
}

export function useFormSubmit({ errorOf, leaves = false }: FormSubmitOptions = {}): FormSubmit {
  const errorText = useErrorText();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const { t } = useTranslation();
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      await action();
      if (!leaves) setBusy(false);
    } catch (err) {
      if (errorOf) setError(errorOf(err));
      else {
        // A 400 that names fields marks them; the text above then points at them instead of only "check your entries".
        const marked = fieldErrorsOf(err);
        setFieldErrors(marked);
        setError(Object.keys(marked).length > 0 ? t('forms:checkMarked') : errorText(err));
      }
      setBusy(false);
    }
  };
  const submit = (check: () => string | null, action: () => Promise<void>) => (e: FormEvent) => {
    e.preventDefault();
    const problem = check();
    if (problem) setError(problem);
    else void run(action);
  };
  return {
    busy,
    error,
    setError,
    fieldErrors,
    fieldError: (path) => errorAt(fieldErrors, path),
    hasFieldError: (prefix) => hasErrorUnder(fieldErrors, prefix),
    run,
    submit,
  };
}

/** What the form did, above its fields (e.g. "the mail is on its way"); role="status", announced politely. */
export function FormNotice({ text }: { text: string | null | false | undefined }) {
  if (!text) return null;
  return (
    <Alert color="green" variant="light" role="status">
      {text}
    </Alert>
  );
}

/** The form's error above its fields; role="alert" so a screen reader announces it. */
export function FormError({ error }: { error: string | null }) {
  const ref = useRef<HTMLDivElement>(null);
  // The text stands above the fields; after a save at the foot of a long drawer it would be scrolled out of sight,
  // and the form would seem to do nothing. It is brought into view each time it appears or changes, clear of a
  // drawer's or modal's sticky header (scroll-margin-top).
  useEffect(() => {
    if (error) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [error]);
  if (!error) return null;
  return (
    <Alert ref={ref} color="red" variant="light" role="alert" style={{ scrollMarginTop: 80 }}>
      {error}
    </Alert>
  );
}

interface ButtonsProps {
  busy: boolean;
  onCancel: () => void;
  /** "Save" unless the form names its action, e.g. "Create client". */
  submitLabel?: string;
  cancelLabel?: string;
  /**
   * The item's delete button, at the other end of the row (it asks before it deletes); `null` keeps its place empty
   * where this item cannot be deleted, so the row is laid out alike either way.
   */
  remove?: { label: string; onClick: () => void } | null;
  /** Only Cancel: the form cannot be saved here (e.g. an item managed by an external directory). */
  readOnly?: boolean;
}

/** Cancel and submit at the foot of a form, submit last (the reading order ends on the action). */
export function FormButtons({ busy, onCancel, submitLabel, cancelLabel, remove, readOnly }: ButtonsProps) {
  const { t } = useTranslation();
  const buttons = (
    <>
      <Button variant="default" onClick={onCancel}>
        {cancelLabel ?? t('common:cancel')}
      </Button>
      {!readOnly && (
        <Button type="submit" loading={busy}>
          {submitLabel ?? t('common:save')}
        </Button>
      )}
    </>
  );
  if (remove === undefined) return <Group justify="flex-end">{buttons}</Group>;
  return (
    <Group justify="space-between">
      {remove ? (
        // red.9, the dark red: a lighter red as text on the white button is hard to read.
        <Button variant="default" c="red.9" onClick={remove.onClick}>
          {remove.label}
        </Button>
      ) : (
        <span />
      )}
      <Group>{buttons}</Group>
    </Group>
  );
}
