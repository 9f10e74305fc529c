import { ActionIcon, Button, Group, Tooltip, type ButtonVariant } from '@mantine/core';
import type { ReactNode } from 'react';

export interface RowAction {
  label: string;
  /** The accessible name when the label alone would be the same in every row, e.g. "Edit Safety basics". */
  name?: string;
  onClick: () => void;
  variant?: ButtonVariant;
  danger?: boolean;
  loading?: boolean;
  /** Shown instead of the label where the row has no room for words (`iconsOnly`); the label is then its tooltip. */
  icon?: ReactNode;
}

/**
 * The small buttons at the end of a table row, kept on one line. `iconsOnly`: icon buttons with the label as tooltip
 * and the name as accessible name, for a table whose labelled buttons would not fit 1280 px (issue 32: "Neu
 * ausstellen" and "Zurückziehen" pushed the list of all certificates 88 px past its card).
 */
export function RowActions({ actions, iconsOnly }: { actions: readonly RowAction[]; iconsOnly?: boolean }) {
  return (
    <Group gap={4} wrap="nowrap">
      {actions.map((a) =>
        iconsOnly && a.icon ? (
          <Tooltip key={a.label} label={a.label} withArrow openDelay={200}>
            <ActionIcon
              size="md"
              variant={a.variant ?? 'subtle'}
              // red.9: the icon's lines keep well above 3:1 against the row, also striped or hovered (WCAG 1.4.11).
              color={a.danger ? 'red.9' : undefined}
              loading={a.loading}
              onClick={a.onClick}
              aria-label={a.name ?? a.label}
            >
              {a.icon}
            </ActionIcon>
          </Tooltip>
        ) : (
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
        ),
      )}
    </Group>
  );
}
