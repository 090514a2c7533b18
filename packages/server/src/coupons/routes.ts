import { activityDetailEndpoint, joinActivityEndpoint, myCouponListEndpoint } from '@tender/contracts';
import { ACTIVITY_DEVICE_TYPE, fenToYuan, formatDateTime, RESPONSE_CODES } from '@tender/domain';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { gateService } from '../gates/service';
import { BusinessError } from '../http/business-error';
import { type EndpointRouteDependencies, endpointRoute } from '../http/endpoint-route';
import { messages } from '../messages';
import { type ActivityRecord, couponQueries } from './queries';
import { couponWire } from './wire';

export interface CouponRouteDependencies extends EndpointRouteDependencies {
  db: Database;
  clock: Clock;
}

function activityWire(activity: ActivityRecord, joined: boolean) {
  return {
    id: activity.id,
    name: activity.name,
    description: activity.description,
    startTime: activity.startsAt ? formatDateTime(activity.startsAt) : null,
    endTime: activity.endsAt ? formatDateTime(activity.endsAt) : null,
    coupons: activity.coupons.map((coupon) => ({
      useGoodsType: coupon.useGoodsType,
      orderFee: fenToYuan(coupon.orderFeeFen),
      faceValue: fenToYuan(coupon.faceValueFen),
      validDays: coupon.validDays,
    })),
    joined,
  };
}

/**
 * spec §7 `activity/joinActivity`, `myCouponList` and the modal's activity detail (docs/business-rules.md Coupons).
 * Activities are for the PC client (deviceType 50, spec §9). Joining grants the activity's coupons once per account;
 * the coupons are the buyer's to use on orders (src/orders: the server picks, an unpaid order holds, payment spends).
 */
export function couponRoutes(app: FastifyInstance, dependencies: CouponRouteDependencies) {
  const { db, clock } = dependencies;
  const gates = gateService(db);

  endpointRoute(app, dependencies, activityDetailEndpoint, async ({ input, tenant, signedIn }) => {
    if (input.deviceType !== ACTIVITY_DEVICE_TYPE) return null;
    const queries = couponQueries(db);
    const [activity] = await queries.activities(tenant.id, clock());
    if (!activity) return null;
    return activityWire(activity, await queries.hasJoined(activity.id, signedIn.userId));
  });

  endpointRoute(app, dependencies, joinActivityEndpoint, async ({ input, tenant, signedIn }) => {
    const now = clock();
    // Coupons are for buying: a brand without online payment, or a sub-account, has no use for them.
    await gates.enforcePurchase({ tenant, userId: signedIn.userId, now });
    const [activity] =
      input.deviceType === ACTIVITY_DEVICE_TYPE
        ? await couponQueries(db).activities(tenant.id, now, input.actiId)
        : [];
    if (!activity) throw new BusinessError(RESPONSE_CODES.NOT_FOUND, messages.coupons.activityNotFound);
    return db.transaction(async (tx) => {
      const queries = couponQueries(tx);
      if (!(await queries.join(activity.id, signedIn.userId, now))) return { joined: false, coupons: [] };
      const coupons = await queries.grantFromActivity(tenant.id, signedIn.userId, activity.id, now);
      return { joined: true, coupons: coupons.map((coupon) => couponWire(coupon, now)) };
    });
  });

  endpointRoute(app, dependencies, myCouponListEndpoint, async ({ input, tenant, signedIn }) => {
    const now = clock();
    const { records, total } = await couponQueries(db).listed(tenant.id, signedIn.userId, now, {
      limit: input.pageSize,
      offset: (input.pageNumber - 1) * input.pageSize,
    });
    return { records: records.map((coupon) => couponWire(coupon, now)), total };
  });
}
