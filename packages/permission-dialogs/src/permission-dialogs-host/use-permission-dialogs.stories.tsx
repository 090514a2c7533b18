import { Button, Group, Text } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { GateRefusal } from '@tender/contracts';
import { useState } from 'react';
import { usePermissionDialogs } from './use-permission-dialogs';

const refusal: GateRefusal = {
  type: 'usedUp',
  privilege: 'watchZhaobiao',
  feature: null,
  memberCode: 'putong',
  isMember: false,
  isDownLoad: false,
  memberProvince: '',
  province: '',
  phone: '400-012-3456',
  upgradeMemberCode: 'toubiaotong',
  isUsePc: 1,
};

/** The layout's permission popup: each button plays a gate refusal; the log shows what closing asks the app. */
function Layout({ isUsePc }: { isUsePc: 1 | -1 }) {
  const [log, setLog] = useState<string[]>([]);
  const note = (line: string) => setLog((lines) => [...lines, line]);
  const dialogs = usePermissionDialogs({
    isUsePc,
    supportPhone: '400-012-3456',
    onUpgrade: (memberCode) => note(`打开会员弹窗：${memberCode ?? '默认等级'}`),
    onLogout: () => note('退出登录并刷新'),
    closing: {
      context: () => ({
        fromPath: '/informationQuery/bid',
        currentView: { path: '/bid/42', name: 'Bid' },
        visitedViews: [{ path: '/informationQuery/bid' }, { path: '/bid/42', name: 'Bid' }],
        finished: false,
      }),
      hideOverlay: () => note('隐藏遮罩'),
      removeView: (path) => note(`关闭标签 ${path}`),
      navigate: (path) => note(`跳转 ${path}`),
      navigateToRoute: (route) => note(`跳转路由 ${route}`),
      queryProject: async () => ({ code: 200, data: -1 }),
    },
  });
  return (
    <>
      <Group>
        <Button onClick={() => dialogs.openRefusal(refusal, { closePage: true })}>
          免费试用用完（关闭页面）
        </Button>
        <Button
          onClick={() => dialogs.openRefusal({ ...refusal, isMember: true, memberCode: 'toubiaotong' })}
        >
          今日查看次数用完
        </Button>
        <Button
          onClick={() =>
            dialogs.openRefusal(
              {
                ...refusal,
                type: 'singleProvice',
                memberCode: 'toubiaotong',
                isMember: true,
                memberProvince: '广东省',
                province: '湖南省',
              },
              { closePage: true },
            )
          }
        >
          地区未开通
        </Button>
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {log.join('\n')}
      </Text>
      {dialogs.element}
    </>
  );
}

const meta = {
  title: 'permission-dialogs/PermissionDialogsInLayout',
  component: Layout,
  args: { isUsePc: 1 },
} satisfies Meta<typeof Layout>;

export default meta;
type Story = StoryObj<typeof meta>;

export const GateRefusals: Story = {};
export const NoPcUse: Story = { args: { isUsePc: -1 } };
