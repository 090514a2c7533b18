/** localStorage key of the guided tour's current step (1–4); absent when the tour is not running. */
export const GUIDE_STEP_STORAGE_KEY = 'guideStep';

/** spec §2 First-login guided tour: title and the link each step leads to. */
export const GUIDE_STEPS = [
  { title: '数据看板', link: '/dashboard' },
  { title: '招标订阅', link: '/subscribe/bidding' },
  { title: '查企业', link: '/enterpriseAnalysis/informationQuery/erterInformation' },
  { title: '招投标市场分析', link: '/enterpriseAnalysis/informationQuery/marketAnalysis' },
] as const;

/** 跳过 leads here; 立即体验 (the last step) to the bid query. */
export const GUIDE_SKIP_PATH = '/dashboard';
export const GUIDE_FINISH_PATH = '/informationQuery/bid';

export function startGuidedTour(storage: Storage): void {
  storage.setItem(GUIDE_STEP_STORAGE_KEY, '1');
}

/** The step showing (1-based), or undefined when the tour is not running. */
export function guidedTourStep(storage: Storage): number | undefined {
  const step = Number(storage.getItem(GUIDE_STEP_STORAGE_KEY));
  return Number.isInteger(step) && step >= 1 && step <= GUIDE_STEPS.length ? step : undefined;
}

export type GuideAction = 'skip' | 'next' | 'finish';

/**
 * spec §2: 跳过 goes to /dashboard and clears the flags; 知道了 goes to the next step's link; 立即体验 (last step)
 * goes to /informationQuery/bid. Returns where to go and updates the stored step.
 */
export function advanceGuidedTour(storage: Storage, step: number, action: GuideAction): string {
  if (action === 'next' && step < GUIDE_STEPS.length) {
    storage.setItem(GUIDE_STEP_STORAGE_KEY, String(step + 1));
    return GUIDE_STEPS[step]?.link ?? GUIDE_SKIP_PATH;
  }
  storage.removeItem(GUIDE_STEP_STORAGE_KEY);
  return action === 'skip' ? GUIDE_SKIP_PATH : GUIDE_FINISH_PATH;
}
