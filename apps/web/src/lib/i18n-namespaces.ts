/**
 * The namespaces loaded before the first render, for the active language only: `common` (the frames, dialogs and
 * error texts), `public` (the cookie dialog, shown on every page, with its own names of the legal pages), `auth` (the sign-in screens, the
 * first page of most visits) and `forms` (field and file-type errors, also written outside components by
 * lib/error-text.ts and components/field-errors.ts). Every other namespace loads when a component first asks for it with
 * `useTranslation('<ns>')` (the page shows its loader meanwhile), so a `t('<ns>:key')` outside this list needs its
 * namespace named in that component's `useTranslation([...])`, or, for text made outside components (`i18n.t`), its
 * namespace in this list; lib/i18n.test.ts checks it.
 */
export const FIRST_NAMESPACES = ['common', 'public', 'auth', 'forms'] as const;
