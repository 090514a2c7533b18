import type { BrandManifest } from '@tender/brand';
import { type LayoutSettings, updateSettings } from '@tender/domain';
import { create } from 'zustand';

/** spec §3 Settings: what the settings panel edits; changes apply only to keys that already exist. */
export interface SettingsState extends LayoutSettings {
  changeSetting(changes: Partial<LayoutSettings> & Record<string, unknown>): void;
  /** The brand's defaults: its primary colour and its footer. */
  initialize(brand: BrandManifest): void;
}

export const SETTINGS_STORAGE_KEY = 'layoutSettings';

const defaults: LayoutSettings = {
  theme: '',
  tagsView: true,
  fixedHeader: true,
  sidebarLogo: true,
  uniqueOpened: true,
  showFooter: true,
  footerTxt: '',
  caseNumber: '',
};

function pickSettings(state: LayoutSettings): LayoutSettings {
  const { theme, tagsView, fixedHeader, sidebarLogo, uniqueOpened, showFooter, footerTxt, caseNumber } =
    state;
  return { theme, tagsView, fixedHeader, sidebarLogo, uniqueOpened, showFooter, footerTxt, caseNumber };
}

export const useSettingsStore = create<SettingsState>()((set, get) => ({
  ...defaults,
  changeSetting(changes) {
    const next = updateSettings(pickSettings(get()), changes);
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(next));
    set(next);
  },
  initialize(brand) {
    const brandDefaults = updateSettings(defaults, {
      theme: brand.colors.primary,
      footerTxt: brand.footer.text,
      caseNumber: brand.footer.caseNumber,
    });
    let saved: Record<string, unknown> = {};
    try {
      saved = JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY) ?? '{}') ?? {};
    } catch {
      saved = {};
    }
    // A stored theme colour must still be one the brand offers.
    if (!brand.colors.themeChoices.includes(String(saved.theme))) delete saved.theme;
    set(updateSettings(brandDefaults, saved));
  },
}));
