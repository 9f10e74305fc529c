import { Alert, Drawer, Stack, type DrawerProps } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useErrorText } from '../lib/error-text';
import { closeButton } from '../lib/notify';
import { NamedLoader } from './named-loader';

/** What a drawer that creates or edits one item is showing: nothing (closed), a new item, or the item `id`. */
export type EditState = { mode: 'create' } | { mode: 'edit'; id: string } | null;

/** The edited item's query while the drawer waits for it. */
export interface DrawerLoad {
  isPending: boolean;
  /** Set when the drawer shows a failed load as an alert; a drawer that does not leaves it out. */
  isError?: boolean;
  error?: unknown;
  /** The loader's name for screen readers, e.g. "Loading user". */
  label: string;
}

/** The load of the item an edit drawer shows, from its query; none for a new item (whose query never runs). */
export function editLoad(
  id: string | null,
  query: { isPending: boolean; isError: boolean; error: unknown },
  label: string,
): DrawerLoad | null {
  return id ? { isPending: query.isPending, isError: query.isError, error: query.error, label } : null;
}

interface Props {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: DrawerProps['size'];
  /** The edited item's load: a loader while it runs, then its error; leave out when nothing loads (a new item). */
  load?: DrawerLoad | null;
  children: ReactNode;
}

/**
 * The right-hand drawer of a create or edit form: its close button has a name (WCAG 4.1.2), a loader and a failed
 * load come first, then the form.
 */
export function FormDrawer({ opened, onClose, title, size, load, children }: Props) {
  const errorText = useErrorText();
  return (
    <Drawer
      closeButtonProps={closeButton()}
      opened={opened}
      onClose={onClose}
      position="right"
      size={size}
      title={title}
    >
      {load?.isPending && <NamedLoader label={load.label} />}
      {load?.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorText(load.error)}
        </Alert>
      )}
      {children}
    </Drawer>
  );
}

/** A drawer's or modal's form: its fields stacked, the browser's own validation off (the form checks and says why). */
export function StackedForm({ onSubmit, children }: { onSubmit: (e: FormEvent) => void; children: ReactNode }) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>{children}</Stack>
    </form>
  );
}
