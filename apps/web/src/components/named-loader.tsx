import { Loader, type LoaderProps } from '@mantine/core';

interface Props extends Omit<LoaderProps, 'role' | 'aria-label'> {
  /** What is loading, for screen readers ("Loading the preview"). */
  label: string;
}

/**
 * A loader that says what it waits for. Mantine's Loader is a plain span, on which axe prohibits a name
 * (aria-prohibited-attr), so the named loader is a status: the name is allowed and announced politely.
 */
export function NamedLoader({ label, ...props }: Props) {
  return <Loader {...props} role="status" aria-label={label} />;
}
