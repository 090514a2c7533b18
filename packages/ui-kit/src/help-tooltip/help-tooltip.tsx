import { ActionIcon, Tooltip, type TooltipProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { HelpIcon } from '../icons';
import { messages } from '../messages';

export interface HelpTooltipProps {
  /** The help text. */
  label: ReactNode;
  /** The icon's accessible name; default 帮助说明. */
  ariaLabel?: string;
  position?: TooltipProps['position'];
  /** Width of the tooltip in px; long texts wrap. Default 280. */
  width?: number;
  size?: number;
}

/**
 * spec §2 Shared screen parts: the tooltip help icon. The help shows on hover and on keyboard focus, and hides on
 * Escape; the icon is a real button so it is in the tab order.
 */
export function HelpTooltip({
  label,
  ariaLabel = messages.helpTooltip.label,
  position = 'top',
  width = 280,
  size = 16,
}: HelpTooltipProps) {
  return (
    <Tooltip
      label={label}
      position={position}
      withArrow
      multiline
      w={width}
      events={{ hover: true, focus: true, touch: true }}
    >
      <ActionIcon variant="subtle" color="gray" size="sm" radius="xl" aria-label={ariaLabel}>
        <HelpIcon size={size} />
      </ActionIcon>
    </Tooltip>
  );
}
