/** spec §3 User.displayMode / Preference: 10 is list, 20 is table. */
export const DISPLAY_MODES = { LIST: 10, TABLE: 20 } as const;

export type DisplayMode = (typeof DISPLAY_MODES)[keyof typeof DISPLAY_MODES];

/** spec §3/§9: the default display mode is the list. */
export const DEFAULT_DISPLAY_MODE: DisplayMode = DISPLAY_MODES.LIST;

export function isDisplayMode(value: unknown): value is DisplayMode {
  return value === DISPLAY_MODES.LIST || value === DISPLAY_MODES.TABLE;
}

/** spec §4 Display mode: toggles between list (10) and table (20). */
export function toggleDisplayMode(mode: DisplayMode): DisplayMode {
  return mode === DISPLAY_MODES.LIST ? DISPLAY_MODES.TABLE : DISPLAY_MODES.LIST;
}

/** A stored preference read back: 10 or 20 (also as '10'/'20'), anything else the default list. */
export function displayModeOrDefault(value: unknown): DisplayMode {
  const mode = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return isDisplayMode(mode) ? mode : DEFAULT_DISPLAY_MODE;
}
