import { describe, expect, it } from 'vitest';
import { fakeMembershipServer } from '../test/membership-fixtures';
import {
  checkPendingPurchase,
  clearPendingPurchase,
  markPendingPurchase,
  PENDING_PURCHASE_KEYS,
} from './pending-purchase';

function memoryStore() {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

async function orderOn(server: ReturnType<typeof fakeMembershipServer>) {
  const order = await server.api.createOrder({
    memberCode: 'toubiaotong',
    productId: 100,
    payType: 'PC-微信',
  });
  return order.orderNo;
}

describe('checkPendingPurchase (spec §4)', () => {
  it('does nothing without the flag', async () => {
    const server = fakeMembershipServer();
    expect(await checkPendingPurchase(memoryStore(), server.api.findOrder)).toBeUndefined();
    expect(server.calls.some((call) => call.name === 'findOrder')).toBe(false);
  });

  it('clears the flags when there is no order number', async () => {
    const store = memoryStore();
    store.setItem(PENDING_PURCHASE_KEYS.flag, '1');
    expect(await checkPendingPurchase(store, fakeMembershipServer().api.findOrder)).toBeUndefined();
    expect(store.values.size).toBe(0);
  });

  it('keeps waiting while the order is unpaid, then stores and answers the purchase on TRADE_SUCCESS', async () => {
    const server = fakeMembershipServer();
    const store = memoryStore();
    const orderNo = await orderOn(server);
    markPendingPurchase(store, orderNo);
    expect(await checkPendingPurchase(store, server.api.findOrder)).toBeUndefined();
    expect(store.getItem(PENDING_PURCHASE_KEYS.orderNo)).toBe(orderNo);
    server.payLatestOrder();
    expect(await checkPendingPurchase(store, server.api.findOrder)).toEqual({
      memberName: '投标通',
      endTime: '2027-11-23 20:00:00',
      orderNo,
    });
    expect(store.getItem(PENDING_PURCHASE_KEYS.memberName)).toBe('投标通');
    expect(store.getItem(PENDING_PURCHASE_KEYS.endTime)).toBe('2027-11-23 20:00:00');
    clearPendingPurchase(store);
    expect(store.values.size).toBe(0);
  });

  it('keeps the flags when the query fails', async () => {
    const store = memoryStore();
    markPendingPurchase(store, 'M20261123999999');
    expect(await checkPendingPurchase(store, fakeMembershipServer().api.findOrder)).toBeUndefined();
    expect(store.getItem(PENDING_PURCHASE_KEYS.flag)).toBe('1');
  });
});
