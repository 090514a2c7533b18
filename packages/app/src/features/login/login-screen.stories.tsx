import type { Meta, StoryObj } from '@storybook/react-vite';
import { StoryApp, storyBrand } from '../../test/story-app';
import { LoginScreen } from './login-screen';

interface LoginArgs {
  /** What the server says of QR sign-in: wechat shows the 扫码登录 tab, off leaves SMS alone. */
  qrMode: 'wechat' | 'off';
}

/** spec §2 /login: the brand's name and title beside SMS sign-in (and QR sign-in when on), the footer below. */
const meta = {
  title: 'app/Pages/Login',
  args: { qrMode: 'wechat' },
  argTypes: { qrMode: { control: 'inline-radio', options: ['wechat', 'off'] } },
  parameters: { layout: 'fullscreen' },
  render: ({ qrMode }, context) => (
    <StoryApp
      args={context.args}
      brand={storyBrand(context)}
      path="/login"
      answers={{ '/webchat/api/maQrcodeLogin/mode': { mode: qrMode } }}
    >
      <LoginScreen />
    </StoryApp>
  ),
} satisfies Meta<LoginArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SmsAndQr: Story = {};
export const SmsOnly: Story = { args: { qrMode: 'off' } };
