import { Stack, Text, ThemeIcon } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface Props {
  /** What will appear here, e.g. "No courses yet". */
  title: string;
  /** What the list is for and how it fills. */
  text?: string;
  /** The next step: "Create the first course", "Import users from CSV". */
  action?: ReactNode;
  icon?: ReactNode;
}

/** An empty list says what will appear there and offers the next step (issue 12, item 4). */
export function EmptyState({ title, text, action, icon }: Props) {
  return (
    <Stack align="center" gap="xs" py="xl" px="md" ta="center">
      <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
        {icon ?? <IconInbox size={26} stroke={1.5} />}
      </ThemeIcon>
      <Text fw={600}>{title}</Text>
      {text && (
        <Text size="sm" c="dimmed" maw={480}>
          {text}
        </Text>
      )}
      {action}
    </Stack>
  );
}
