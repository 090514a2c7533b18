import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../test-support/databases';
import {
  advanceToChinaHour,
  callAs,
  grant,
  type MemberTestUser,
  newMember,
} from '../test-support/membership-fixtures';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { medicalDevicesIn } from './medical';
import { addConstruction, addMedicalProject, type MedicalProjectIds } from './test-fixtures';

const PATH = '/webchat/api/zhaozhongbiaoDetails/selMedicalDetails';

describe('medicalDevicesIn', () => {
  it('reads each registration with the facts of its own line, dates as YYYY-MM-DD', () => {
    const devices = medicalDevicesIn(
      '名称：彩色多普勒超声诊断仪；品牌：华声；规格型号：HS-R7；数量：2台；注册证编号：国械注准20173061234；注册人：深圳华声医疗电子有限公司；批准日期：2022年5月10日；有效期至：2027-05-09\n另：国械注准20173061234 再次出现',
      7,
    );
    expect(devices).toEqual([
      {
        registrationNumber: '国械注准20173061234',
        name: '彩色多普勒超声诊断仪',
        brand: '华声',
        model: 'HS-R7',
        quantity: '2台',
        holder: '深圳华声医疗电子有限公司',
        approvedOn: '2022-05-10',
        validUntil: '2027-05-09',
        authority: '国家药品监督管理局',
        origin: '境内',
        managementClass: '第三类',
        approvalYear: 2017,
        sourceId: 7,
      },
    ]);
  });

  it('finds nothing in a notice without a registration number', () => {
    expect(medicalDevicesIn('所投产品须具有有效的《医疗器械注册证》；数量：2台', 1)).toEqual([]);
  });
});

describe.each(testDatabaseTargets())('selMedicalDetails on $name', (target) => {
  let server: TestServer;
  let medical: MedicalProjectIds;
  let member: MemberTestUser;

  beforeAll(async () => {
    server = await startTestServer(target);
    medical = await addMedicalProject(server);
    advanceToChinaHour(server, 10);
    member = await newMember(server, 'alpha');
    await grant(server, member, 'toubiaotong', 12);
  });
  afterAll(async () => {
    await server.close();
  });

  const used = async (user: MemberTestUser) =>
    (await callAs(server, user, 'GET', '/webchat/api/auth/getPermissionNum', { type: 'watchZhaobiao' })).data
      .used;

  it('shows the tender’s devices with the 注册证 facts its project’s award states, and the register dates', async () => {
    const answer = await callAs(server, member, 'POST', PATH, { id: medical.zb });
    expect(answer.code, answer.message).toBe(200);
    expect(answer.data).toMatchObject({ id: medical.zb, type: 'zb', isMedical: true });
    expect(
      answer.data.devices.map((device: { registrationNumber: string }) => device.registrationNumber),
    ).toEqual(['国械注准20173061234', '粤械注准20192070456', '国械注进20163061777']);
    expect(answer.data.devices[1]).toMatchObject({
      name: '多参数监护仪',
      brand: '康护',
      model: 'KH-M9',
      holder: '广州康护医疗科技有限公司',
      authority: '广东省药品监督管理局',
      managementClass: '第二类',
      approvedOn: null,
      sourceId: medical.jg,
    });
    expect(answer.data.devices[2]).toMatchObject({ origin: '进口', name: null });
    expect(answer.data.registerDates).toEqual([
      {
        date: '2022-05-10',
        kind: '批准',
        registrationNumber: '国械注准20173061234',
        name: '彩色多普勒超声诊断仪',
      },
      {
        date: '2027-05-09',
        kind: '有效期至',
        registrationNumber: '国械注准20173061234',
        name: '彩色多普勒超声诊断仪',
      },
    ]);
    expect(answer.data.sources).toEqual([expect.objectContaining({ id: medical.jg, type: 'jg' })]);
  });

  it('costs what the detail view costs, once per item per day with it', async () => {
    const viewer = await newMember(server, 'alpha');
    await grant(server, viewer, 'toubiaotong', 12);
    await callAs(server, viewer, 'POST', '/webchat/api/zhaozhongbiaoDetails/selZhaobiaoDetails', {
      id: medical.jg,
    });
    expect(await used(viewer)).toBe(1);
    const answer = await callAs(server, viewer, 'POST', PATH, { id: medical.jg });
    expect(answer.code, answer.message).toBe(200);
    expect(answer.data.pass.charged).toBe(false);
    expect(answer.data.sources[0]).toMatchObject({ id: medical.jg });
    expect(await used(viewer)).toBe(1);
  });

  it('refuses projects (no medical detail), unknown items and bad ids with Chinese messages', async () => {
    const { nj } = await addConstruction(server);
    expect(await callAs(server, member, 'POST', PATH, { id: nj })).toMatchObject({
      code: 404,
      message: '该信息不存在或已删除',
    });
    expect((await callAs(server, member, 'POST', PATH, { id: 987_654_321 })).code).toBe(404);
    const bad = await callAs(server, member, 'POST', PATH, { id: 0 });
    expect(bad.code).toBe(400);
    expect(bad.message).toContain('信息编号');
  });
});
