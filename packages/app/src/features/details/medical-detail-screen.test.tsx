import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../companies/screen-test-services';
import { MedicalDetailScreen } from './medical-detail-screen';

const device = {
  registrationNumber: '国械注准20173061234',
  name: '彩色多普勒超声诊断仪',
  brand: '华声',
  model: 'HS-R7',
  quantity: '数量：2台',
  holder: '深圳华声医疗电子有限公司',
  approvedOn: '2022-05-10',
  validUntil: '2027-05-09',
  authority: '国家药品监督管理局',
  origin: '境内',
  managementClass: '第三类',
  approvalYear: 2017,
  sourceId: 8,
};

const medical = {
  id: 7,
  title: '深圳市人民医院彩色多普勒超声诊断仪采购项目公开招标公告',
  type: 'zb' as const,
  publishDate: '2026-04-01',
  isMedical: true,
  devices: [device],
  registerDates: [
    {
      date: '2022-05-10',
      kind: '批准' as const,
      registrationNumber: device.registrationNumber,
      name: device.name,
    },
    {
      date: '2027-05-09',
      kind: '有效期至' as const,
      registrationNumber: device.registrationNumber,
      name: device.name,
    },
  ],
  sources: [{ id: 8, title: '深圳市人民医院彩色多普勒超声诊断仪采购项目中标结果公告', type: 'jg' as const }],
  pass: { privilege: 'watchZhaobiao', limit: 10, used: 1, remaining: 9, charged: true },
};

describe('MedicalDetailScreen (医疗详情)', () => {
  it('lists the devices with their 注册证 facts, the register dates and the notice they were read from', async () => {
    const selMedicalDetails = vi.fn(async () => medical);
    await renderScreen(<MedicalDetailScreen />, {
      api: { selMedicalDetails } as never,
      path: '/medicalDetail?id=7',
      paths: ['/tender/index'],
    });
    const devices = await screen.findByRole('table', { name: '采购设备及医疗器械注册证' });
    const row = within(devices).getByText('国械注准20173061234').closest('tr') as HTMLElement;
    expect(within(row).getByText('深圳华声医疗电子有限公司')).toBeInTheDocument();
    expect(within(row).getByText('国家药品监督管理局·境内·第三类·2017年首次注册')).toBeInTheDocument();
    const dates = screen.getByRole('table', { name: '注册证日期' });
    expect(within(dates).getByText('有效期至')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: medical.sources[0]?.title })).toBeInTheDocument();
    expect(selMedicalDetails).toHaveBeenCalledWith({ id: 7 }, expect.anything());
  });

  it('says where to start without an id', async () => {
    await renderScreen(<MedicalDetailScreen />, { api: {} as never, path: '/medicalDetail' });
    expect(await screen.findByRole('status')).toHaveTextContent('请从医疗设备公告的详情进入医疗详情');
  });
});
