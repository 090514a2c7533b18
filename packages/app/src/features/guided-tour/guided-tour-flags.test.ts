import type { MenuItem } from '@tender/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  advanceGuidedTour,
  GUIDE_PAGE_STORAGE_KEY,
  guidedTourStep,
  guidePageMatches,
  guideSteps,
  startGuidedTour,
} from './guided-tour-flags';

function screen(name: string, path: string): MenuItem {
  return {
    name,
    path,
    component: path.slice(1),
    hidden: false,
    alwaysShow: false,
    meta: { title: name, icon: '', noCache: false },
  };
}

function group(name: string, children: MenuItem[]): MenuItem {
  return { ...screen(name, `/${name}`), component: 'Layout', alwaysShow: true, children };
}

const common = [
  screen('Dashboard', '/dashboard'),
  group('Subscribe', [screen('Bidding', '/subscribe/bidding'), screen('Upfront', '/subscribe/upfront')]),
  group('InformationQuery', [screen('Bid', '/informationQuery/bid')]),
  screen('MyFocus', '/myFocus'),
];
/** The menus of a brand with the analysis flag (portal, magpie) … */
const withAnalysis = [
  ...common,
  group('EnterpriseAnalysis', [
    screen('ErterInformation', '/enterpriseAnalysis/informationQuery/erterInformation'),
    screen('MarketAnalysis', '/enterpriseAnalysis/informationQuery/marketAnalysis'),
  ]),
];
/** … and without it (catering, forecast): the server leaves 企业分析 out. */
const withoutAnalysis = common;

beforeEach(() => localStorage.clear());

describe('guided tour steps (spec §2 First-login guided tour)', () => {
  it('are the spec’s four when the menus have them', () => {
    expect(guideSteps(withAnalysis).map((step) => step.title)).toEqual([
      '数据看板',
      '招标订阅',
      '查企业',
      '招投标市场分析',
    ]);
  });

  it('never point at a screen the member’s menus lack: without analysis, 招投标信息 and 我的关注 stand in', () => {
    const steps = guideSteps(withoutAnalysis);
    expect(steps.map((step) => step.title)).toEqual(['数据看板', '招标订阅', '招投标信息', '我的关注']);
    expect(steps.map((step) => step.link)).not.toContain(
      '/enterpriseAnalysis/informationQuery/erterInformation',
    );
  });

  it('each have a sentence', () => {
    for (const step of [...guideSteps(withAnalysis), ...guideSteps(withoutAnalysis)])
      expect(step.sentence.length).toBeGreaterThan(8);
  });
});

describe('advancing the tour', () => {
  const member = { pathname: '/subscribe/bidding', isOpenMember: true };

  it('知道了 goes to the next step’s link; 立即体验 goes to /informationQuery/bid and ends it', () => {
    const steps = guideSteps(withAnalysis);
    startGuidedTour(localStorage);
    expect(advanceGuidedTour(localStorage, steps, 1, 'next', { ...member, pathname: '/x' })).toBe(
      '/subscribe/bidding',
    );
    expect(advanceGuidedTour(localStorage, steps, 2, 'next', member)).toBe(
      '/enterpriseAnalysis/informationQuery/erterInformation',
    );
    expect(advanceGuidedTour(localStorage, steps, 3, 'next', member)).toBe(
      '/enterpriseAnalysis/informationQuery/marketAnalysis',
    );
    expect(guidedTourStep(localStorage)).toBe(4);
    expect(advanceGuidedTour(localStorage, steps, 4, 'finish', member)).toBe('/informationQuery/bid');
    expect(guidedTourStep(localStorage)).toBeUndefined();
  });

  it('does not take a free member to the paid 招投标市场分析: the page stays, the step still shows', () => {
    const steps = guideSteps(withAnalysis);
    startGuidedTour(localStorage);
    const here = '/enterpriseAnalysis/informationQuery/erterInformation';
    expect(advanceGuidedTour(localStorage, steps, 3, 'next', { pathname: here, isOpenMember: false })).toBe(
      undefined,
    );
    expect(guidedTourStep(localStorage)).toBe(4);
    expect(localStorage.getItem(GUIDE_PAGE_STORAGE_KEY)).toBe(here);
  });

  it('跳过 goes to /dashboard and clears the flags', () => {
    startGuidedTour(localStorage);
    expect(advanceGuidedTour(localStorage, guideSteps(withAnalysis), 2, 'skip', member)).toBe('/dashboard');
    expect(guidedTourStep(localStorage)).toBeUndefined();
    expect(localStorage.getItem(GUIDE_PAGE_STORAGE_KEY)).toBeNull();
  });

  it('belongs to one page: the first page it shows on, then the page each step led to', () => {
    startGuidedTour(localStorage);
    expect(guidePageMatches(localStorage, '/subscribe/bidding')).toBe(true);
    expect(guidePageMatches(localStorage, '/subscribe/bidding')).toBe(true);
    expect(guidePageMatches(localStorage, '/myFocus')).toBe(false);
    advanceGuidedTour(localStorage, guideSteps(withAnalysis), 1, 'next', member);
    expect(guidePageMatches(localStorage, '/subscribe/bidding')).toBe(true);
  });
});
