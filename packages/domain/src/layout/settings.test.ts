import { describe, expect, it } from 'vitest';
import { LAYOUT_SETTING_KEYS, type LayoutSettings, updateSettings } from './settings';

const settings: LayoutSettings = {
  theme: '#1890ff',
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: true,
  uniqueOpened: false,
  showFooter: false,
  footerTxt: '',
  caseNumber: '',
};

describe('updateSettings', () => {
  it('applies changes to existing keys', () => {
    expect(updateSettings(settings, { theme: '#ff0000', fixedHeader: true })).toEqual({
      ...settings,
      theme: '#ff0000',
      fixedHeader: true,
    });
  });

  it('ignores keys that do not exist', () => {
    const next = updateSettings(settings, { unknownKey: 1, toString: 'x' });
    expect(next).toEqual(settings);
    expect(Object.keys(next)).toEqual(LAYOUT_SETTING_KEYS);
  });

  it('ignores a value of the wrong type', () => {
    expect(updateSettings(settings, { tagsView: 'yes', footerTxt: 5 })).toEqual(settings);
  });

  it('does not mutate the settings it is given', () => {
    updateSettings(settings, { theme: '#000000' });
    expect(settings.theme).toBe('#1890ff');
  });
});
