import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { PermissionDialog } from './permission-dialog';

const meta = {
  title: 'permission-dialogs/PermissionDialog',
  component: PermissionDialog,
  args: {
    dialog: { type: 'member', upgradeMemberCode: 'qiyetong', phone: '400-012-3456' },
    onUpgrade: fn(),
    onLogout: fn(),
    onClose: fn(),
  },
} satisfies Meta<typeof PermissionDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const UsedUpFreeTrial: Story = {
  args: {
    dialog: { type: 'usedUp', isMember: false, upgradeMemberCode: 'toubiaotong', phone: '400-012-3456' },
  },
};
export const UsedUpMemberQuota: Story = {
  args: { dialog: { type: 'usedUp', isMember: true, phone: '400-012-3456' } },
};
export const UsedUpDownloadLimit: Story = {
  args: { dialog: { type: 'usedUp', isMember: true, isDownLoad: true, phone: '400-012-3456' } },
};
export const Member: Story = {};
export const ExportPermission: Story = {
  args: { dialog: { type: 'exportPermission', upgradeMemberCode: 'toubiaotong', phone: '400-012-3456' } },
};
export const NoData: Story = { args: { dialog: { type: 'noData' } } };
export const SingleProvince: Story = {
  args: {
    dialog: {
      type: 'singleProvice',
      memberProvince: '广东省，广西壮族自治区',
      province: '湖南省',
      phone: '400-012-3456',
    },
  },
};
export const PcUse: Story = {
  args: {
    dialog: { type: 'pcUse' },
    supportPhone: '400-012-3456',
    officialAccountQr:
      'data:image/svg+xml;utf8,<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="%23eee"/><rect x="1" y="1" width="3" height="3"/><rect x="6" y="1" width="3" height="3"/><rect x="1" y="6" width="3" height="3"/></svg>',
  },
};
export const UnPayFromDictionary: Story = {
  args: {
    dialog: { type: 'unPay', phone: '400-012-3456' },
    payContent: '暂不支持在线开通会员，请联系当地商务经理为您开通，联系电话 400-012-3456。',
  },
};
export const UnPayFallback: Story = { args: { dialog: { type: 'unPay' } } };
