import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props {
  title: string;
  intro: string;
  /** A button beside the heading, e.g. "New course". */
  action?: ReactNode;
}

/** A list screen's heading with its one-line introduction. */
export function PageHeader({ title, intro, action }: Props) {
  const heading = (
    <div>
      <Title order={1}>{title}</Title>
      <Text c="dimmed">{intro}</Text>
    </div>
  );
  if (!action) return heading;
  return (
    <Group justify="space-between" align="flex-end">
      {heading}
      {action}
    </Group>
  );
}
