/** spec §3 Settings: the layout settings the right panel edits. */
export interface LayoutSettings {
  theme: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  uniqueOpened: boolean;
  showFooter: boolean;
  footerTxt: string;
  caseNumber: string;
}

export const LAYOUT_SETTING_KEYS = [
  'theme',
  'tagsView',
  'fixedHeader',
  'sidebarLogo',
  'uniqueOpened',
  'showFooter',
  'footerTxt',
  'caseNumber',
] as const satisfies readonly (keyof LayoutSettings)[];

/**
 * spec §3 Settings: changes apply only to keys that already exist. A change whose value has a different
 * type from the current one (e.g. 'yes' for a switch) is ignored too, so stored junk cannot corrupt the
 * settings. Returns a new object; the input is not mutated.
 */
export function updateSettings<S extends object>(settings: S, changes: Readonly<Record<string, unknown>>): S {
  const next: Record<string, unknown> = { ...(settings as Record<string, unknown>) };
  for (const [key, value] of Object.entries(changes)) {
    if (!Object.hasOwn(settings, key)) continue;
    const current = (settings as Record<string, unknown>)[key];
    if (current !== null && current !== undefined && typeof value !== typeof current) continue;
    next[key] = value;
  }
  return next as S;
}
