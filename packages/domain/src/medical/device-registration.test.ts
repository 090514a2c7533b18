import { describe, expect, it } from 'vitest';
import { deviceRegistrationsIn, isMedicalNotice } from './device-registration';

describe('医疗器械注册证编号', () => {
  it('reads authority, origin, class and year from each number, once each', () => {
    const text =
      '注册证编号：国械注准20173061234；另见粤械注准20192220123，国械注进20163461234，再次国械注准20173061234';
    expect(deviceRegistrationsIn(text)).toEqual([
      {
        registrationNumber: '国械注准20173061234',
        authority: '国家药品监督管理局',
        origin: '境内',
        managementClass: '第三类',
        approvalYear: 2017,
      },
      {
        registrationNumber: '粤械注准20192220123',
        authority: '广东省药品监督管理局',
        origin: '境内',
        managementClass: '第二类',
        approvalYear: 2019,
      },
      {
        registrationNumber: '国械注进20163461234',
        authority: '国家药品监督管理局',
        origin: '进口',
        managementClass: '第三类',
        approvalYear: 2016,
      },
    ]);
  });

  it('takes no part of a longer number and no malformed one', () => {
    expect(deviceRegistrationsIn('国械注准201730612345 国械注准2017306123 国械注备20173061234')).toEqual([]);
  });

  it('tells a medical notice by its title or by a registration in its text', () => {
    expect(isMedicalNotice('彩色多普勒超声诊断仪采购项目')).toBe(true);
    expect(isMedicalNotice('办公家具采购', '注册证编号：国械注准20173061234')).toBe(true);
    expect(isMedicalNotice('办公家具采购', '桌椅 100 套')).toBe(false);
  });
});
