import { Text } from '@mantine/core';

interface Props {
  text: string | null | undefined;
  /** The widest the text may get before it is cut (px). */
  max?: number;
  dimmed?: boolean;
  /**
   * Lines the text may wrap to before it is cut (default 1): a narrower column that still shows most texts whole,
   * where one line would widen the table past 1280 px (issue 32: the French list of trainings).
   */
  lines?: number;
}

/**
 * A long e-mail address or title on one line (or `lines`), cut with an ellipsis and complete on hover (title
 * attribute), never broken in the middle of a word (issue 12).
 */
export function CellText({ text, max = 240, dimmed, lines = 1 }: Props) {
  if (!text) return null;
  const cut = lines > 1 ? { lineClamp: lines } : { truncate: 'end' as const };
  return (
    <Text size="sm" {...cut} title={text} maw={max} c={dimmed ? 'dimmed' : undefined}>
      {text}
    </Text>
  );
}
