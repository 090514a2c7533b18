import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DISPLAY_MODE,
  DISPLAY_MODES,
  displayModeOrDefault,
  isDisplayMode,
  toggleDisplayMode,
} from './display-mode';

describe('display mode', () => {
  it('is 10 for list and 20 for table, list by default', () => {
    expect(DISPLAY_MODES).toEqual({ LIST: 10, TABLE: 20 });
    expect(DEFAULT_DISPLAY_MODE).toBe(10);
  });

  it('toggles between list and table', () => {
    expect(toggleDisplayMode(10)).toBe(20);
    expect(toggleDisplayMode(20)).toBe(10);
  });

  it('accepts only 10 and 20', () => {
    expect(isDisplayMode(10)).toBe(true);
    expect(isDisplayMode(20)).toBe(true);
    for (const bad of [0, 15, 30, '10', null, undefined]) expect(isDisplayMode(bad)).toBe(false);
  });

  it('reads a stored preference, falling back to the list', () => {
    expect(displayModeOrDefault(20)).toBe(20);
    expect(displayModeOrDefault('20')).toBe(20);
    expect(displayModeOrDefault('10')).toBe(10);
    expect(displayModeOrDefault(undefined)).toBe(10);
    expect(displayModeOrDefault('')).toBe(10);
    expect(displayModeOrDefault(30)).toBe(10);
  });
});
