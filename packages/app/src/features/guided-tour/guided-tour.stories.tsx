import type { Meta, StoryObj } from '@storybook/react-vite';
import { MainLayout } from '../../layout/main-layout';
import { StoryApp, storyBrand } from '../../test/story-app';
import { type DemoUserState, demoMenus, demoPages, demoUsers, shellAnswers } from '../../test/story-fixtures';
import { GUIDE_PAGE_STORAGE_KEY, GUIDE_STEP_STORAGE_KEY, guideSteps } from './guided-tour-flags';

interface TourArgs {
  step: number;
  user: Exclude<DemoUserState, 'signedOut'>;
}

/** The page each step shows on: the first on /dashboard, each next one on its own screen (spec §2). */
function stepPage(step: number): string {
  return step === 1 ? '/dashboard' : (guideSteps(demoMenus)[step - 1]?.link ?? '/dashboard');
}

/**
 * spec §2 First-login guided tour: its card beside the sidebar entry it outlines, over the layout, one story per
 * step (the paid-only step says 开通会员后即可使用 to a free member).
 */
const meta = {
  title: 'app/Layout/GuidedTour',
  args: { step: 1, user: 'freeUser' },
  argTypes: {
    step: { control: { type: 'range', min: 1, max: 4 } },
    user: { control: 'inline-radio', options: ['freeUser', 'member', 'enterpriseOwner'] },
  },
  parameters: { layout: 'fullscreen' },
  render: ({ step, user }, context) => (
    <StoryApp
      args={context.args}
      brand={storyBrand(context)}
      user={demoUsers[user]}
      answers={shellAnswers}
      path={stepPage(step)}
      pages={demoPages}
      prepare={() => {
        // Where the tour stands after the member pressed 知道了 step − 1 times (guided-tour-flags.ts).
        localStorage.setItem(GUIDE_STEP_STORAGE_KEY, String(step));
        localStorage.setItem(GUIDE_PAGE_STORAGE_KEY, stepPage(step));
      }}
    >
      <MainLayout />
    </StoryApp>
  ),
} satisfies Meta<TourArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Step1Dashboard: Story = {};
export const Step2Subscription: Story = { args: { step: 2 } };
export const Step3CompanySearch: Story = { args: { step: 3 } };
export const Step4MarketAnalysisLocked: Story = { args: { step: 4 } };
