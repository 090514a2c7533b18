import { Center, SegmentedControl, type SegmentedControlProps } from '@mantine/core';
import { DEFAULT_DISPLAY_MODE, DISPLAY_MODES, type DisplayMode } from '@tender/domain';
import type { ReactNode } from 'react';
import { ListIcon, TableIcon } from '../icons';
import { messages } from '../messages';

export interface DisplayModeToggleProps
  extends Omit<SegmentedControlProps, 'data' | 'value' | 'defaultValue' | 'onChange'> {
  /** 10 list, 20 table (spec §3 displayMode); default 10. */
  value?: DisplayMode;
  onChange?(mode: DisplayMode): void;
}

/**
 * spec §2 Shared screen parts: the list/table display toggle. Saving the choice (spec §4 Display mode: saved to the
 * server, then re-read) is the caller's; this shows it and reports changes. Arrow keys move between the two.
 */
export function DisplayModeToggle({
  value = DEFAULT_DISPLAY_MODE,
  onChange,
  ...props
}: DisplayModeToggleProps) {
  const option = (mode: DisplayMode, label: string, icon: ReactNode) => ({
    value: String(mode),
    label: (
      <Center style={{ gap: 6 }}>
        {icon}
        <span>{label}</span>
      </Center>
    ),
  });
  return (
    <SegmentedControl
      aria-label={messages.displayMode.label}
      size="xs"
      {...props}
      value={String(value)}
      onChange={(next) =>
        onChange?.(Number(next) === DISPLAY_MODES.TABLE ? DISPLAY_MODES.TABLE : DISPLAY_MODES.LIST)
      }
      data={[
        option(DISPLAY_MODES.LIST, messages.displayMode.list, <ListIcon />),
        option(DISPLAY_MODES.TABLE, messages.displayMode.table, <TableIcon />),
      ]}
    />
  );
}
