import type { MenuItem } from '@tender/contracts';
import { create } from 'zustand';

/** spec §3 Route store baseInfo: what the layout shows about the brand and the member. */
export interface BaseInfo {
  phone: string;
  memberLevel: string;
  logo: string;
  company: string;
  upgradeLink: string;
  clauseName: string;
}

export interface RouteState {
  /** Every route the sidebar may show: the server menus (spec §2 step 5), in menu order. */
  routers: MenuItem[];
  /** The routes added at runtime from the server menus. */
  addRouters: MenuItem[];
  baseInfo: BaseInfo;
  setRoutes(menus: MenuItem[]): void;
  setBaseInfo(info: Partial<BaseInfo>): void;
  reset(): void;
}

const emptyBaseInfo: BaseInfo = {
  phone: '',
  memberLevel: '',
  logo: '',
  company: '',
  upgradeLink: '',
  clauseName: '',
};

export const useRouteStore = create<RouteState>()((set) => ({
  routers: [],
  addRouters: [],
  baseInfo: emptyBaseInfo,
  setRoutes(menus) {
    set({ routers: menus, addRouters: menus });
  },
  setBaseInfo(info) {
    set((state) => ({ baseInfo: { ...state.baseInfo, ...info } }));
  },
  reset() {
    set({ routers: [], addRouters: [], baseInfo: emptyBaseInfo });
  },
}));

/** Whether the company allows paying: the server leaves 我的订单 out of the menus when it does not (spec §2). */
export function menusAllowPay(menus: readonly MenuItem[]): boolean {
  return menus.some((item) => item.name === 'MyOrder' || menusAllowPay(item.children ?? []));
}
