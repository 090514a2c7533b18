import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CommandContext, commands } from '../cli/commands';
import { readConfig } from '../config';
import { testDatabaseTargets } from '../test-support/databases';
import { callAs, newMember } from '../test-support/membership-fixtures';
import { buy, submitOrder } from '../test-support/order-fixtures';
import { startTestServer, type TestServer } from '../test-support/test-server';

describe.each(testDatabaseTargets())('order command on $name', (target) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(async () => {
    await server.close();
  });

  /** Runs `tender-server order …` against the test server's database (kept open) and clock. */
  async function run(...argv: string[]): Promise<string> {
    const args = argv.slice(1);
    const command = commands.find((candidate) => candidate.name === 'order');
    if (!command) throw new Error('no order command');
    const lines: string[] = [];
    const context: CommandContext = {
      config: readConfig({}, process.cwd()),
      args,
      print: (line) => lines.push(line),
      openDatabase: async () => ({ ...server.db, close: async () => {} }),
      clock: server.clock.now,
    };
    await command.run(context);
    return lines.join('\n');
  }

  it('sweeps on demand: closes orders unpaid for 2 hours, and shows an order with its payment history', async () => {
    const user = await newMember(server, 'alpha');
    const paid = await buy(server, user, 'qiyetong', 1);
    const shown = await run('order', 'show', paid.orderNo);
    expect(shown).toContain(`订单 ${paid.orderNo}：paid`);
    expect(shown).toContain('应付 ¥980');
    expect(shown).toMatch(/notification → credited/);

    const open = (await submitOrder(server, user, 'toubiaotong', 1)).data;
    expect(await run('order', 'sweep')).toContain('已关闭超时订单 0 笔');
    server.clock.advance(2 * 3_600_000 + 1000);
    expect(await run('order', 'sweep')).toMatch(/已关闭超时订单 [1-9]\d* 笔/);
    const status = await callAs(server, user, 'POST', '/webchat/api/order/status', { orderId: open.orderId });
    expect(status.data).toMatchObject({ orderStatus: 3, tradeStatus: 'TRADE_CLOSED' });
    expect(await run('order', 'show', open.orderNo)).toContain('close → expired');
  });

  it('explains its usage', async () => {
    await expect(run('order')).rejects.toThrow('tender-server order sweep');
    await expect(run('order', 'show')).rejects.toThrow('tender-server order show');
    await expect(run('order', 'show', 'M000000000000000000000000')).rejects.toThrow('不存在');
  });
});
