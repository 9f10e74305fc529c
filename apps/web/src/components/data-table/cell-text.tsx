import { Text } from '@mantine/core';

interface Props {
  text: string | null | undefined;
  /** The widest the text may get before it is cut (px). */
  max?: number;
  dimmed?: boolean;
}

/**
 * A long e-mail address or title on one line, cut with an ellipsis and complete on hover (title attribute), never
 * broken in the middle of a word (issue 12).
 */
export function CellText({ text, max = 240, dimmed }: Props) {
  if (!text) return null;
  return (
    <Text size="sm" truncate="end" title={text} maw={max} c={dimmed ? 'dimmed' : undefined}>
      {text}
    </Text>
  );
}
