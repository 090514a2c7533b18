import { type LayoutDevice, sidebarLayoutForWidth } from '@tender/domain';
import { create } from 'zustand';
import { readCookie, writeCookie } from '../session/cookies';

/** spec §4 Sidebar: the open/closed choice, 1 open, 0 closed. */
export const SIDEBAR_STATUS_COOKIE = 'sidebarStatus';
export const SIZE_COOKIE = 'size';

export type LayoutSize = 'large' | 'default' | 'small';

/** spec §3 App layout: sidebar opened flag, device (default desktop), size (default small), window width. */
export interface AppState {
  sidebar: { opened: boolean };
  device: LayoutDevice;
  size: LayoutSize;
  windowWidth: number;
  toggleSidebar(): void;
  closeSidebar(): void;
  setSize(size: LayoutSize): void;
  /** Applies the 992/1400 breakpoints for a new window width (spec §4). */
  resize(windowWidth: number): void;
}

function initialOpened(): boolean {
  const remembered = typeof document === 'undefined' ? undefined : readCookie(SIDEBAR_STATUS_COOKIE);
  return remembered === undefined ? true : remembered === '1';
}

export const useAppStore = create<AppState>()((set, get) => ({
  sidebar: { opened: initialOpened() },
  device: 'desktop',
  size: ((typeof document === 'undefined' ? undefined : readCookie(SIZE_COOKIE)) as LayoutSize) ?? 'small',
  windowWidth: typeof window === 'undefined' ? 1920 : window.innerWidth,
  toggleSidebar() {
    const opened = !get().sidebar.opened;
    writeCookie(SIDEBAR_STATUS_COOKIE, opened ? '1' : '0');
    set({ sidebar: { opened } });
  },
  closeSidebar() {
    writeCookie(SIDEBAR_STATUS_COOKIE, '0');
    set({ sidebar: { opened: false } });
  },
  setSize(size) {
    writeCookie(SIZE_COOKIE, size);
    set({ size });
  },
  resize(windowWidth) {
    const layout = sidebarLayoutForWidth(windowWidth);
    set({ windowWidth, device: layout.device, sidebar: { opened: layout.opened } });
  },
}));
