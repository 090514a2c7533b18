import type { MenuItem } from '@tender/contracts';
import { flattenMenu } from '../../router/menu-routes';

/** localStorage key of the guided tour's current step (1–4); absent when the tour is not running. */
export const GUIDE_STEP_STORAGE_KEY = 'guideStep';
/** localStorage key of the page the tour's card belongs to: leaving it another way ends the tour. */
export const GUIDE_PAGE_STORAGE_KEY = 'guidePage';

/** The tour has four steps (spec §2 First-login guided tour). */
export const GUIDE_STEP_COUNT = 4;

export interface GuideStep {
  /** The menu entry (route name) the step highlights. */
  menuName: string;
  title: string;
  link: string;
  sentence: string;
  /** Needs a paid level (its screen answers a free member with the upgrade dialog). */
  paidOnly?: boolean;
}

/**
 * The spec's four steps first (数据看板, 招标订阅, 查企业, 招投标市场分析), then the screens that stand in for a
 * step the brand or the member does not have (a brand without analysis has neither 查企业 nor 招投标市场分析), so
 * the tour always shows four entries of the member's own sidebar.
 */
export const GUIDE_CANDIDATES: readonly GuideStep[] = [
  {
    menuName: 'Dashboard',
    title: '数据看板',
    link: '/dashboard',
    sentence: '一眼看清您所在地区的招投标概况和最新项目。',
  },
  {
    menuName: 'Bidding',
    title: '招标订阅',
    link: '/subscribe/bidding',
    sentence: '设置关键词和地区，新发布的招标信息会按条件推送给您。',
  },
  {
    menuName: 'ErterInformation',
    title: '查企业',
    link: '/enterpriseAnalysis/informationQuery/erterInformation',
    sentence: '输入企业名称，查看它参与过的招投标项目和中标记录。',
  },
  {
    menuName: 'MarketAnalysis',
    title: '招投标市场分析',
    link: '/enterpriseAnalysis/informationQuery/marketAnalysis',
    sentence: '按地区和行业分析招投标市场的规模与趋势。',
    paidOnly: true,
  },
  {
    menuName: 'Bid',
    title: '招投标信息',
    link: '/informationQuery/bid',
    sentence: '按关键词、地区和时间检索全部招投标公告。',
  },
  {
    menuName: 'MyFocus',
    title: '我的关注',
    link: '/myFocus',
    sentence: '您关注的项目都收在这里，方便随时回看。',
  },
  {
    menuName: 'BrowsingHistory',
    title: '浏览记录',
    link: '/BrowsingHistory',
    sentence: '看过的公告都记在这里，随时可以找回。',
  },
];

/** 跳过 leads here; 立即体验 (the last step) to the bid query. */
export const GUIDE_SKIP_PATH = '/dashboard';
export const GUIDE_FINISH_PATH = '/informationQuery/bid';

/** Said on a paid-only step to a free member: the tour shows the entry but does not open it. */
export const PAID_ONLY_NOTE = '开通会员后即可使用。';

/** The four steps for this member: candidates whose screen is in the member's menus (the brand's flags decide them). */
export function guideSteps(menus: readonly MenuItem[]): GuideStep[] {
  const names = new Set(
    flattenMenu(menus)
      .filter((item) => !item.hidden)
      .map((item) => item.name),
  );
  return GUIDE_CANDIDATES.filter((step) => names.has(step.menuName)).slice(0, GUIDE_STEP_COUNT);
}

/** Whether the step's screen would meet a free member with the upgrade dialog. */
export function stepLocked(step: GuideStep, isOpenMember: boolean): boolean {
  return step.paidOnly === true && !isOpenMember;
}

export function startGuidedTour(storage: Storage): void {
  storage.setItem(GUIDE_STEP_STORAGE_KEY, '1');
  storage.removeItem(GUIDE_PAGE_STORAGE_KEY);
}

export function stopGuidedTour(storage: Storage): void {
  storage.removeItem(GUIDE_STEP_STORAGE_KEY);
  storage.removeItem(GUIDE_PAGE_STORAGE_KEY);
}

/** The step showing (1-based), or undefined when the tour is not running. */
export function guidedTourStep(storage: Storage): number | undefined {
  const step = Number(storage.getItem(GUIDE_STEP_STORAGE_KEY));
  return Number.isInteger(step) && step >= 1 && step <= GUIDE_STEP_COUNT ? step : undefined;
}

/**
 * The page the card shows on. The first time the tour is seen it takes the page it appears on; afterwards a
 * different page means the member went elsewhere without the tour, which ends it (the card does not follow them).
 */
export function guidePageMatches(storage: Storage, pathname: string): boolean {
  const page = storage.getItem(GUIDE_PAGE_STORAGE_KEY);
  if (page === null) {
    storage.setItem(GUIDE_PAGE_STORAGE_KEY, pathname);
    return true;
  }
  return page === pathname;
}

export type GuideAction = 'skip' | 'next' | 'finish';

/**
 * spec §2: 跳过 goes to /dashboard and clears the flags; 知道了 goes to the next step's link; 立即体验 (last step)
 * goes to /informationQuery/bid. A next step a free member cannot open keeps the page where it is (its entry is
 * still highlighted). Returns where to go (undefined: stay) and updates the stored step.
 */
export function advanceGuidedTour(
  storage: Storage,
  steps: readonly GuideStep[],
  step: number,
  action: GuideAction,
  context: { pathname: string; isOpenMember: boolean },
): string | undefined {
  const next = steps[step];
  if (action === 'next' && next) {
    const to = stepLocked(next, context.isOpenMember) ? context.pathname : next.link;
    storage.setItem(GUIDE_STEP_STORAGE_KEY, String(step + 1));
    storage.setItem(GUIDE_PAGE_STORAGE_KEY, to);
    return to === context.pathname ? undefined : to;
  }
  stopGuidedTour(storage);
  return action === 'skip' ? GUIDE_SKIP_PATH : GUIDE_FINISH_PATH;
}
