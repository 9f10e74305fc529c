import { Paper, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

interface Props {
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  /** The id of the heading that names the form, when it has one. */
  labelledBy?: string;
  children: ReactNode;
}

/**
 * A form on a page of its own (sign-in, passwords, requests): a bordered card, its fields stacked, the browser's own
 * validation off (the form checks and says why).
 */
export function FormCard({ onSubmit, labelledBy, children }: Props) {
  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={onSubmit} noValidate aria-labelledby={labelledBy}>
      <Stack>{children}</Stack>
    </Paper>
  );
}
