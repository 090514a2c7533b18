import {
  BASE_ROOT_FONT_SIZE_PX,
  DESIGN_WIDTH_PX,
  MAX_ROOT_FONT_SCALE,
  MIN_ROOT_FONT_SIZE_PX,
  MOBILE_WIDTH_THRESHOLD_PX,
  SMALL_DESKTOP_WIDTH_THRESHOLD_PX,
} from '../constants';

/** spec §3 App layout: device, default desktop. */
export type LayoutDevice = 'desktop' | 'mobile';

export interface SidebarLayout {
  device: LayoutDevice;
  opened: boolean;
}

/**
 * spec §4 Sidebar: below 992 px the layout is mobile and the sidebar closed; below 1400 px it is closed;
 * at 1400 px or wider it is opened.
 */
export function sidebarLayoutForWidth(windowWidth: number): SidebarLayout {
  if (windowWidth < MOBILE_WIDTH_THRESHOLD_PX) return { device: 'mobile', opened: false };
  if (windowWidth < SMALL_DESKTOP_WIDTH_THRESHOLD_PX) return { device: 'desktop', opened: false };
  return { device: 'desktop', opened: true };
}

/**
 * spec §9: root font size in px = 20 × min(width / 1920, 2), never below 12. An unreadable width gives the
 * minimum.
 */
export function rootFontSize(windowWidth: number): number {
  if (Number.isNaN(windowWidth)) return MIN_ROOT_FONT_SIZE_PX;
  const scale = Math.min(windowWidth / DESIGN_WIDTH_PX, MAX_ROOT_FONT_SCALE);
  return Math.max(MIN_ROOT_FONT_SIZE_PX, BASE_ROOT_FONT_SIZE_PX * scale);
}
