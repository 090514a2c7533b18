import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CommandContext, commands } from '../cli/commands';
import { readConfig } from '../config';
import { testDatabaseTargets } from '../test-support/databases';
import { callAs, type MemberTestUser, newMember } from '../test-support/membership-fixtures';
import { startTestServer, type TestServer } from '../test-support/test-server';

describe.each(testDatabaseTargets())('member and privilege commands on $name', (target) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(async () => {
    await server.close();
  });

  /** Runs `tender-server <args>` against the test server's database (kept open) and clock; answers the printout. */
  async function run(...args: string[]): Promise<string> {
    const [name, ...rest] = args;
    const command = commands.find((candidate) => candidate.name === name);
    if (!command) throw new Error(`no command ${name}`);
    const lines: string[] = [];
    const context: CommandContext = {
      config: readConfig({}, process.cwd()),
      args: rest,
      print: (line) => lines.push(line),
      openDatabase: async () => ({ ...server.db, close: async () => {} }),
      clock: server.clock.now,
    };
    await command.run(context);
    return lines.join('\n');
  }

  const userCenter = async (user: MemberTestUser) =>
    (await callAs(server, user, 'GET', '/webchat/api/userCenter')).data;

  it('grants, shows and revokes a membership, printing what changed and auditing it', async () => {
    const user = await newMember(server, 'alpha');
    const granted = await run(
      'member',
      'grant',
      '--brand',
      'alpha',
      '--mobile',
      user.mobile,
      '--level',
      'toubiaotong',
      '--areas',
      '广东省,广西壮族自治区',
      '--months',
      '3',
    );
    expect(granted).toContain(`账号 ${user.mobile}（用户编号 ${user.userId}，品牌 alpha）`);
    expect(granted).toContain('已开通：投标通 3 个月，地区：广东省，广西壮族自治区');
    expect(granted).toContain('变更前：未开通');
    expect(granted).toMatch(/变更后：投标通，到期 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    expect(await userCenter(user)).toMatchObject({ memberCode: 'toubiaotong', isOpenMember: true });

    const shown = await run('member', 'show', '--brand', 'alpha', '--mobile', user.mobile);
    expect(shown).toContain('当前等级：投标通（toubiaotong），PC 端：可用');
    expect(shown).toContain('企业：无（个人账号）');
    expect(shown).toMatch(/投标通（正在使用中） 到期 .+，地区：广东省，广西壮族自治区/);

    const revoked = await run('member', 'revoke', '--brand', 'alpha', '--mobile', user.mobile);
    expect(revoked).toContain('已撤销：投标通');
    expect(revoked).toContain('变更后：未开通');
    expect(await userCenter(user)).toMatchObject({ memberCode: 'putong', isOpenMember: false });

    const audit = await server.db.query<{ action: string; actor: string }>(
      'SELECT action, actor FROM membership_audit WHERE user_id = $1 ORDER BY id',
      [user.userId],
    );
    expect(audit.map((row) => row.action)).toEqual(['grant', 'revoke']);
    expect(audit[0]?.actor).toMatch(/^operator:.+ \(tender-server member grant\)$/);

    await expect(run('member', 'revoke', '--brand', 'alpha', '--mobile', user.mobile)).rejects.toThrow(
      '该账号没有可撤销的会员',
    );
  });

  it('grants qiye with a new enterprise, and 全国 by default', async () => {
    const user = await newMember(server, 'alpha');
    const granted = await run(
      'member',
      'grant',
      '--brand',
      'alpha',
      '--mobile',
      user.mobile,
      '--level',
      'qiye',
      '--months',
      '12',
    );
    expect(granted).toContain('已为该账号创建企业“测试科技有限公司”');
    expect(granted).toContain('已开通：企业版 12 个月，地区：全国');
    expect(await run('member', 'show', '--brand', 'alpha', '--mobile', user.mobile)).toContain(
      '企业：测试科技有限公司（主账号）',
    );
  });

  it('sets a brand’s privilege value, which the gates and the modal read at once', async () => {
    const user = await newMember(server, 'beta');
    expect((await callAs(server, user, 'POST', '/webchat/api/auth/pcLoginAuth')).code).toBe(200);
    const changed = await run(
      'privilege',
      'set',
      '--brand',
      'beta',
      '--level',
      'putong',
      '--key',
      'havePcLogin',
      '--value',
      'false',
    );
    expect(changed).toBe('品牌 beta 的 putong havePcLogin：true → false');
    expect((await callAs(server, user, 'POST', '/webchat/api/auth/pcLoginAuth')).data.type).toBe('pcUse');
    // alpha keeps its own value
    expect(
      (await callAs(server, await newMember(server, 'alpha'), 'POST', '/webchat/api/auth/pcLoginAuth')).code,
    ).toBe(200);

    expect(
      await run(
        'privilege',
        'set',
        '--brand',
        'beta',
        '--level',
        'toubiaotong',
        '--key',
        'watchZhaobiao',
        '--value',
        '-1',
      ),
    ).toBe('品牌 beta 的 toubiaotong watchZhaobiao：100 → -1');
    const list = await run('privilege', 'list', '--brand', 'beta');
    expect(list).toMatch(/watchZhaobiao\s+3\s+-1\s+200\s+-1/);
    const [audit] = await server.db.query<{ detail: unknown }>(
      `SELECT detail FROM membership_audit WHERE brand_id = 'beta' AND action = 'privilege' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit?.detail).toEqual({ level: 'toubiaotong', key: 'watchZhaobiao', before: 100, after: -1 });
  });

  it('explains mistakes in Chinese and changes nothing', async () => {
    const user = await newMember(server, 'alpha');
    const grantArgs = ['member', 'grant', '--brand', 'alpha', '--mobile', user.mobile, '--months', '1'];
    await expect(run(...grantArgs)).rejects.toThrow('缺少参数 --level');
    await expect(run(...grantArgs, '--level', 'vip')).rejects.toThrow(
      '会员等级只能是 toubiaotong、qiyetong、qiye 之一',
    );
    await expect(run(...grantArgs, '--level', 'qiyetong', '--areas', '广东')).rejects.toThrow(
      '地区“广东”不是省级地区名称',
    );
    await expect(
      run('member', 'grant', '--brand', 'alpha', '--mobile', user.mobile, '--level', 'qiye', '--months', 'x'),
    ).rejects.toThrow('购买月数应为 1—120 之间的整数');
    await expect(run('member', 'show', '--brand', 'alpha', '--mobile', '13000000000')).rejects.toThrow(
      '品牌 alpha 下没有手机号为 13000000000 的账号',
    );
    await expect(run('member', 'show', '--mobile', user.mobile)).rejects.toThrow(
      '有多个品牌，请用 --brand 指定：alpha、beta',
    );
    await expect(run('member', 'show', '--brand', 'nobody', '--mobile', user.mobile)).rejects.toThrow(
      '品牌 nobody 不存在',
    );
    await expect(
      run('member', 'show', '--brand', 'alpha', '--mobile', user.mobile, '--colour', 'red'),
    ).rejects.toThrow('参数有误');
    await expect(run('member', 'extend')).rejects.toThrow('未知子命令 "extend"');
    await expect(
      run('privilege', 'set', '--brand', 'alpha', '--level', 'putong', '--key', 'flying', '--value', '1'),
    ).rejects.toThrow('未知权限键 flying');
    await expect(
      run(
        'privilege',
        'set',
        '--brand',
        'alpha',
        '--level',
        'putong',
        '--key',
        'watchZhaobiao',
        '--value',
        '-2',
      ),
    ).rejects.toThrow('权限值 -2 无效');
    expect(await userCenter(user)).toMatchObject({ memberCode: 'putong' });
    expect(
      (await run('privilege', 'list', '--brand', 'alpha'))
        .split('\n')
        .find((line) => line.startsWith('watchZhaobiao')),
    ).toMatch(/watchZhaobiao\s+3\s+100\s+200\s+-1/);
  });
});
