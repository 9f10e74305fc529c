import { Button, Group, type ButtonVariant } from '@mantine/core';

export interface RowAction {
  label: string;
  /** The accessible name when the label alone would be the same in every row, e.g. "Edit Safety basics". */
  name?: string;
  onClick: () => void;
  variant?: ButtonVariant;
  danger?: boolean;
  loading?: boolean;
}

/** The small buttons at the end of a table row, kept on one line. */
export function RowActions({ actions }: { actions: readonly RowAction[] }) {
  return (
    <Group gap={4} wrap="nowrap">
      {actions.map((a) => (
        <Button
          key={a.label}
          size="xs"
          variant={a.variant ?? 'subtle'}
          color={a.danger ? 'red' : undefined}
          loading={a.loading}
          onClick={a.onClick}
          aria-label={a.name}
        >
          {a.label}
        </Button>
      ))}
    </Group>
  );
}
