import { fenToYuan, formatDateTime } from '@tender/domain';
import type { Command } from '../cli/commands';
import { systemClock } from '../clock';
import { createPaymentProvider } from '../payments/factory';
import { sweepOrders } from './jobs';
import { orderQueries } from './queries';
import { orderService } from './service';

const USAGE = [
  '用法：',
  '  tender-server order sweep          # 关闭超时未支付的订单，并向支付渠道核对未支付订单（对账）',
  '  tender-server order show <订单号>  # 显示订单及其全部支付记录（通知、查询、对账、关闭）',
].join('\n');

/**
 * `tender-server order …`: the order sweep on demand (the server runs it every minute) and an order's payment
 * history for support. The sweep talks to the configured provider (PAY_PROVIDER), like the server.
 */
export const orderCommand: Command = {
  name: 'order',
  summary: '订单：sweep 立即关闭超时订单并对账；show <订单号> 查看订单与支付记录',
  async run({ args, openDatabase, print, config, clock = systemClock }) {
    const [subcommand, orderNo] = args;
    if (subcommand !== 'sweep' && subcommand !== 'show') throw new Error(USAGE);
    if (subcommand === 'show' && !orderNo) throw new Error(USAGE);
    const db = await openDatabase();
    try {
      if (subcommand === 'sweep') {
        const log = {
          info: (object: object, message: string) => print(`${message} ${JSON.stringify(object)}`),
          warn: (object: object, message: string) => print(`警告：${message} ${JSON.stringify(object)}`),
          error: (object: object, message: string) => print(`错误：${message} ${JSON.stringify(object)}`),
        };
        const provider = createPaymentProvider(config, db, clock);
        const { closed, credited } = await sweepOrders(orderService({ db, clock, provider, log }));
        print(`已关闭超时订单 ${closed} 笔；对账确认支付 ${credited} 笔（支付渠道：${provider.name}）`);
        return;
      }
      const queries = orderQueries(db);
      const order = await queries.byOrderNo(orderNo as string);
      if (!order) throw new Error(`订单 ${orderNo} 不存在`);
      print(
        `订单 ${order.orderNo}：${order.status}，品牌 ${order.brandId}，用户 ${order.userId}，${order.memberCode} ${order.productLabel}，地区 ${order.payAreas.join('，')}`,
      );
      print(
        `价格 ¥${fenToYuan(order.priceFen)}，优惠券 ¥${fenToYuan(order.couponFen)}，应付 ¥${fenToYuan(order.amountFen)}；渠道 ${order.provider}；创建 ${formatDateTime(order.createdAt)}，过期 ${formatDateTime(order.expiresAt)}`,
      );
      if (order.paidAt) {
        print(`支付于 ${formatDateTime(order.paidAt)}（${order.paidVia}），交易号 ${order.transactionId}`);
      }
      if (order.closedAt) print(`关闭于 ${formatDateTime(order.closedAt)}（${order.closeReason}）`);
      for (const event of await queries.paymentEvents(order.orderNo)) {
        print(
          `  ${formatDateTime(event.createdAt)} ${event.source} → ${event.outcome} ${JSON.stringify(event.detail)}`,
        );
      }
    } finally {
      await db.close();
    }
  },
};
