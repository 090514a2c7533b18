import { beforeEach, describe, expect, it } from 'vitest';
import { advanceGuidedTour, GUIDE_STEPS, guidedTourStep, startGuidedTour } from './guided-tour-flags';

beforeEach(() => localStorage.clear());

describe('guided tour (spec §2 First-login guided tour)', () => {
  it('has the four steps of the spec', () => {
    expect(GUIDE_STEPS.map((step) => step.title)).toEqual([
      '数据看板',
      '招标订阅',
      '查企业',
      '招投标市场分析',
    ]);
  });

  it('知道了 goes to the next step’s link; the last step’s 立即体验 goes to /informationQuery/bid', () => {
    startGuidedTour(localStorage);
    expect(guidedTourStep(localStorage)).toBe(1);
    expect(advanceGuidedTour(localStorage, 1, 'next')).toBe('/subscribe/bidding');
    expect(advanceGuidedTour(localStorage, 2, 'next')).toBe(
      '/enterpriseAnalysis/informationQuery/erterInformation',
    );
    expect(advanceGuidedTour(localStorage, 3, 'next')).toBe(
      '/enterpriseAnalysis/informationQuery/marketAnalysis',
    );
    expect(guidedTourStep(localStorage)).toBe(4);
    expect(advanceGuidedTour(localStorage, 4, 'finish')).toBe('/informationQuery/bid');
    expect(guidedTourStep(localStorage)).toBeUndefined();
  });

  it('跳过 goes to /dashboard and clears the flags', () => {
    startGuidedTour(localStorage);
    expect(advanceGuidedTour(localStorage, 2, 'skip')).toBe('/dashboard');
    expect(guidedTourStep(localStorage)).toBeUndefined();
  });
});
