import { create } from 'zustand';

/** spec §3 Info-type counts: one collect (follow) mark. */
export interface CollectMark {
  type: string;
  id: string | number;
  isCollect: boolean;
}

export interface InfoTypeState {
  amountArr: unknown[];
  /** Follow marks by `${type}:${id}`. */
  collectMap: Record<string, CollectMark>;
  setAmountArr(amountArr: unknown[]): void;
  setCollect(mark: CollectMark): void;
}

export const useInfoTypeStore = create<InfoTypeState>()((set) => ({
  amountArr: [],
  collectMap: {},
  setAmountArr: (amountArr) => set({ amountArr }),
  setCollect: (mark) =>
    set((state) => ({ collectMap: { ...state.collectMap, [`${mark.type}:${mark.id}`]: mark } })),
}));
