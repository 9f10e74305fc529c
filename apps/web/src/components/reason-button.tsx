import { Button, Tooltip, type ButtonProps } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { useRef, type ComponentPropsWithoutRef } from 'react';

type Props = ButtonProps &
  Omit<ComponentPropsWithoutRef<'button'>, keyof ButtonProps | 'disabled'> & {
    /** Why the button cannot be used now (issue 12 "disabled controls say why"); null or '' when it can. */
    disabledReason: string | null;
  };

/**
 * A button that says why it is unavailable: a tooltip on hover and keyboard focus, and the same text as its
 * accessible description for a screen reader (Mantine's tooltip links none). It stays focusable (aria-disabled and
 * Mantine's data-disabled look instead of `disabled`, which swallows the hover and the focus the tooltip needs) and
 * its click, including a form's Enter, does nothing while blocked.
 */
export function ReasonButton({ disabledReason, onClick, ...props }: Props) {
  const id = useId();
  const blocked = !!disabledReason;
  // A tooltip still fading out after the reason went away keeps its last text: a role=tooltip node without a name
  // fails axe (aria-tooltip-name).
  const lastReason = useRef(disabledReason);
  if (disabledReason) lastReason.current = disabledReason;
  return (
    <>
      <Tooltip label={lastReason.current} disabled={!blocked} withArrow multiline maw={280}>
        <Button
          {...props}
          data-disabled={blocked || undefined}
          aria-disabled={blocked || undefined}
          aria-describedby={blocked ? id : undefined}
          onClick={(e) => (blocked ? e.preventDefault() : onClick?.(e))}
        />
      </Tooltip>
      {blocked && (
        <span id={id} hidden>
          {disabledReason}
        </span>
      )}
    </>
  );
}
