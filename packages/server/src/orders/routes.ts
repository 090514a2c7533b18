import {
  buyPointEndpoint,
  createOrderEndpoint,
  findOrderEndpoint,
  memberProductInfoEndpoint,
  myOrdersEndpoint,
  ORDER_STATUS,
  orderQrcodeEndpoint,
  orderStatusEndpoint,
  payPrepayEndpoint,
  purchaseAuthEndpoint,
  submitOrderEndpoint,
  toOpenMemberEndpoint,
} from '@tender/contracts';
import { ORDER_TRADE_SUCCESS } from '@tender/domain';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { gateService } from '../gates/service';
import { requestBaseUrl } from '../http/base-url';
import { type EndpointRouteDependencies, endpointRoute, type SignedIn } from '../http/endpoint-route';
import type { Tenant } from '../tenants/queries';
import { orderQueries } from './queries';
import { type OrderService, orderWire } from './service';

export interface OrderRouteDependencies extends EndpointRouteDependencies {
  db: Database;
  clock: Clock;
  orders: OrderService;
}

const TRADE_STATUS_OF = {
  [ORDER_STATUS.unpaid]: 'WAIT_BUYER_PAY',
  [ORDER_STATUS.paid]: ORDER_TRADE_SUCCESS,
  [ORDER_STATUS.closed]: 'TRADE_CLOSED',
} as const;

/** spec §7 Membership and orders: product info, orders, payment QR codes, order status, My orders, buyPoint. */
export function orderRoutes(app: FastifyInstance, dependencies: OrderRouteDependencies) {
  const { db, clock, orders } = dependencies;
  const gates = gateService(db);
  const caller = (tenant: Tenant, signedIn: SignedIn) => ({ tenant, userId: signedIn.userId, now: clock() });

  endpointRoute(app, dependencies, purchaseAuthEndpoint, async ({ tenant, signedIn }) => {
    await gates.enforcePurchase(caller(tenant, signedIn));
    return { canBuy: true as const };
  });

  endpointRoute(app, dependencies, memberProductInfoEndpoint, async ({ input, tenant, signedIn }) =>
    orders.memberInfo(caller(tenant, signedIn), input),
  );

  for (const endpoint of [submitOrderEndpoint, createOrderEndpoint]) {
    endpointRoute(app, dependencies, endpoint, async ({ input, tenant, signedIn }) => {
      const { order, levels } = await orders.create(caller(tenant, signedIn), input);
      return orderWire(order, levels);
    });
  }

  endpointRoute(app, dependencies, toOpenMemberEndpoint, async ({ input, tenant, signedIn, request }) => {
    const who = caller(tenant, signedIn);
    const { order, levels } = await orders.create(who, input);
    const qr = await orders.paymentQr(who, { orderId: order.id }, requestBaseUrl(request));
    return { ...orderWire(order, levels), codeUrl: qr.codeUrl };
  });

  endpointRoute(app, dependencies, payPrepayEndpoint, async ({ input, tenant, signedIn, request }) =>
    orders.paymentQr(caller(tenant, signedIn), input, requestBaseUrl(request)),
  );

  endpointRoute(app, dependencies, orderQrcodeEndpoint, async ({ input, tenant, signedIn, request }) =>
    orders.paymentQr(caller(tenant, signedIn), input, requestBaseUrl(request)),
  );

  endpointRoute(app, dependencies, findOrderEndpoint, async ({ input, tenant, signedIn }) => {
    const { order, levelName, endTime } = await orders.progress(caller(tenant, signedIn), input);
    return {
      orderNo: order.orderNo,
      memberCode: order.memberCode,
      orderStatus: TRADE_STATUS_OF[ORDER_STATUS[order.status]],
      levelName,
      endTime,
    };
  });

  endpointRoute(app, dependencies, orderStatusEndpoint, async ({ input, tenant, signedIn }) => {
    const { order, levelName, endTime } = await orders.progress(caller(tenant, signedIn), input);
    const orderStatus = ORDER_STATUS[order.status];
    return {
      orderId: order.id,
      orderNo: order.orderNo,
      memberCode: order.memberCode,
      orderStatus,
      tradeStatus: TRADE_STATUS_OF[orderStatus],
      levelName,
      endTime,
    };
  });

  endpointRoute(app, dependencies, myOrdersEndpoint, async ({ input, tenant, signedIn }) =>
    orders.myOrders(caller(tenant, signedIn), input),
  );

  endpointRoute(app, dependencies, buyPointEndpoint, async ({ input, tenant, signedIn }) => {
    await orderQueries(db).insertBuyPoint({
      brandId: tenant.id,
      userId: signedIn.userId,
      event: input.event,
      memberCode: input.memberCode ?? null,
      productId: input.productId ?? null,
      orderNo: input.orderNo ?? null,
      detail: input.detail ?? {},
      createdAt: clock(),
    });
    return null;
  });
}
