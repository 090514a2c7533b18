import type { PaidMemberCode } from '@tender/domain';
import type { Queryable } from '../db/database';

/** A product on sale (migrations/0007_orders.sql `member_product`), prices in fen. */
export interface ProductRecord {
  id: number;
  memberCode: PaidMemberCode;
  months: number;
  label: string;
  wholeCountryFen: number;
  provinceFen: number | null;
  onSale: boolean;
  preselected: boolean;
}

export type OrderStatus = 'unpaid' | 'paid' | 'closed';

/** A membership order (migrations/0007_orders.sql `member_order`), amounts in fen. */
export interface OrderRecord {
  id: number;
  orderNo: string;
  brandId: string;
  userId: number;
  productId: number | null;
  memberCode: PaidMemberCode;
  months: number;
  productLabel: string;
  payAreas: string[];
  listPriceFen: number;
  priceFen: number;
  couponId: number | null;
  couponFen: number;
  amountFen: number;
  payType: string;
  provider: string;
  activityId: number | null;
  status: OrderStatus;
  codeUrl: string | null;
  createdAt: Date;
  expiresAt: Date;
  queriedAt: Date | null;
  paidAt: Date | null;
  paidVia: string | null;
  transactionId: string | null;
  paidAmountFen: number | null;
  closedAt: Date | null;
  closeReason: string | null;
}

export type NewOrder = Omit<
  OrderRecord,
  | 'id'
  | 'status'
  | 'codeUrl'
  | 'queriedAt'
  | 'paidAt'
  | 'paidVia'
  | 'transactionId'
  | 'paidAmountFen'
  | 'closedAt'
  | 'closeReason'
>;

const productColumns = `id, member_code AS "memberCode", months, label, whole_country_fen AS "wholeCountryFen",
  province_fen AS "provinceFen", on_sale AS "onSale", preselected`;

const orderColumns = `id, order_no AS "orderNo", brand_id AS "brandId", user_id AS "userId",
  product_id AS "productId", member_code AS "memberCode", months, product_label AS "productLabel",
  pay_areas AS "payAreas", list_price_fen AS "listPriceFen", price_fen AS "priceFen", coupon_id AS "couponId",
  coupon_fen AS "couponFen", amount_fen AS "amountFen", pay_type AS "payType", provider,
  activity_id AS "activityId", status, code_url AS "codeUrl", created_at AS "createdAt",
  expires_at AS "expiresAt", queried_at AS "queriedAt", paid_at AS "paidAt", paid_via AS "paidVia",
  transaction_id AS "transactionId", paid_amount_fen AS "paidAmountFen", closed_at AS "closedAt",
  close_reason AS "closeReason"`;

/** A status poll of one of a user's orders, by id or number (or the user's order when neither is given). */
export interface OrderPoll {
  brandId: string;
  userId: number;
  orderId?: number | undefined;
  orderNo?: string | undefined;
  now: Date;
}

/** What a payment signal came to (payment_event.outcome). */
export interface PaymentEventRow {
  orderNo: string | null;
  provider: string;
  source: 'notification' | 'query' | 'reconcile' | 'close' | 'prepay';
  outcome: string;
  detail: Record<string, unknown>;
  createdAt: Date;
}

export function orderQueries(db: Queryable) {
  return {
    /** A level's products on sale, shortest first. */
    async productsOf(brandId: string, memberCode: PaidMemberCode): Promise<ProductRecord[]> {
      return db.query<ProductRecord>(
        `SELECT ${productColumns} FROM member_product
         WHERE brand_id = $1 AND member_code = $2 AND on_sale ORDER BY months, id`,
        [brandId, memberCode],
      );
    },

    async unpaidTtlMinutes(brandId: string): Promise<number> {
      const [row] = await db.query<{ minutes: number }>(
        'SELECT unpaid_ttl_minutes AS minutes FROM order_setting WHERE brand_id = $1',
        [brandId],
      );
      return row?.minutes ?? 120;
    },

    /** Locks the buyer's account row: one user's order creations happen in turn. */
    async lockUser(brandId: string, userId: number): Promise<void> {
      await db.query('SELECT id FROM user_account WHERE brand_id = $1 AND id = $2 FOR UPDATE', [
        brandId,
        userId,
      ]);
    },

    async insert(order: NewOrder): Promise<OrderRecord> {
      const [row] = await db.query<OrderRecord>(
        `INSERT INTO member_order (order_no, brand_id, user_id, product_id, member_code, months, product_label,
           pay_areas, list_price_fen, price_fen, coupon_id, coupon_fen, amount_fen, pay_type, provider, activity_id,
           status, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, 'unpaid', $17, $18)
         RETURNING ${orderColumns}`,
        [
          order.orderNo,
          order.brandId,
          order.userId,
          order.productId,
          order.memberCode,
          order.months,
          order.productLabel,
          order.payAreas,
          order.listPriceFen,
          order.priceFen,
          order.couponId,
          order.couponFen,
          order.amountFen,
          order.payType,
          order.provider,
          order.activityId,
          order.createdAt,
          order.expiresAt,
        ],
      );
      if (!row) throw new Error('member_order insert returned nothing');
      return row;
    },

    async byOrderNo(orderNo: string): Promise<OrderRecord | undefined> {
      const [row] = await db.query<OrderRecord>(
        `SELECT ${orderColumns} FROM member_order WHERE order_no = $1`,
        [orderNo],
      );
      return row;
    },

    /** One of the user's own orders, by id or by order number; another account's is not found. */
    async ofUser(
      brandId: string,
      userId: number,
      key: { orderId?: number | undefined; orderNo?: string | undefined },
    ): Promise<OrderRecord | undefined> {
      const [row] = await db.query<OrderRecord>(
        `SELECT ${orderColumns} FROM member_order
         WHERE brand_id = $1 AND user_id = $2 AND ($3::bigint IS NULL OR id = $3) AND ($4::text IS NULL OR order_no = $4)
         LIMIT 1`,
        [brandId, userId, key.orderId ?? null, key.orderNo ?? null],
      );
      return row;
    },

    /**
     * `ofUser` for status polls, each also claiming the provider query (`claimQuery`) when its order is unpaid
     * with a code of `provider`: one statement for the polls that arrive together (ADR 0027), one answer per poll
     * in their order (undefined where the user has no such order). Of several polls of one order, only the first
     * can claim. Each order is as it was before the claims.
     */
    async ofUserClaimingQueries(
      polls: readonly OrderPoll[],
      claim: { provider: string; gapMs: number },
    ): Promise<({ order: OrderRecord; queryClaimed: boolean } | undefined)[]> {
      const rows = await db.query<OrderRecord & { position: number; queryClaimed: boolean }>(
        `WITH found AS (
           SELECT p.position, p.now,
                  (SELECT id FROM member_order
                   WHERE brand_id = p.brand_id AND user_id = p.user_id AND (p.order_id IS NULL OR id = p.order_id)
                     AND (p.order_no IS NULL OR order_no = p.order_no)
                   LIMIT 1) AS id
           FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::text[], $5::timestamptz[])
             WITH ORDINALITY AS p(brand_id, user_id, order_id, order_no, now, position)
         ), first_polls AS (
           SELECT DISTINCT ON (id) id, position, now FROM found WHERE id IS NOT NULL ORDER BY id, position
         ), claimed AS (
           UPDATE member_order o SET queried_at = f.now
           FROM first_polls f
           WHERE o.id = f.id AND o.status = 'unpaid' AND o.code_url IS NOT NULL AND o.provider = $6
             AND (o.queried_at IS NULL OR o.queried_at <= f.now - $7::int * interval '1 millisecond')
           RETURNING o.id
         )
         SELECT found.position::int AS position, m.*,
                EXISTS (SELECT 1 FROM claimed c JOIN first_polls f ON f.id = c.id
                        WHERE c.id = found.id AND f.position = found.position) AS "queryClaimed"
         FROM found JOIN LATERAL (SELECT ${orderColumns} FROM member_order WHERE id = found.id) m ON true`,
        [
          polls.map((poll) => poll.brandId),
          polls.map((poll) => poll.userId),
          polls.map((poll) => poll.orderId ?? null),
          polls.map((poll) => poll.orderNo ?? null),
          polls.map((poll) => poll.now),
          claim.provider,
          claim.gapMs,
        ],
      );
      const byPosition = new Map(
        rows.map(({ position, queryClaimed, ...order }) => [position, { order, queryClaimed }]),
      );
      return polls.map((_, index) => byPosition.get(index + 1));
    },

    async unpaidOfUser(brandId: string, userId: number): Promise<OrderRecord[]> {
      return db.query<OrderRecord>(
        `SELECT ${orderColumns} FROM member_order WHERE brand_id = $1 AND user_id = $2 AND status = 'unpaid'
         ORDER BY id`,
        [brandId, userId],
      );
    },

    /**
     * The user's orders for 我的订单, newest first: paid and still payable ones. Closed orders (expired, or
     * replaced by a newer QR code) were never paid and are not listed: one purchase shows as one order.
     */
    async page(
      brandId: string,
      userId: number,
      page: { limit: number; offset: number },
    ): Promise<{ records: OrderRecord[]; total: number }> {
      const records = await db.query<OrderRecord>(
        `SELECT ${orderColumns} FROM member_order WHERE brand_id = $1 AND user_id = $2 AND status <> 'closed'
         ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
        [brandId, userId, page.limit, page.offset],
      );
      const [count] = await db.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM member_order
         WHERE brand_id = $1 AND user_id = $2 AND status <> 'closed'`,
        [brandId, userId],
      );
      return { records, total: count?.total ?? 0 };
    },

    /** Closes orders that are still unpaid; answers the ids it closed. */
    async close(ids: readonly number[], reason: 'expired' | 'superseded', now: Date): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db.query<{ id: number }>(
        `UPDATE member_order SET status = 'closed', closed_at = $2, close_reason = $3
         WHERE id = ANY($1::bigint[]) AND status = 'unpaid' RETURNING id`,
        [ids, now, reason],
      );
      return rows.map((row) => row.id);
    },

    /** Keeps the QR code's content of an unpaid order (the same code is answered again). */
    async setCodeUrl(id: number, codeUrl: string): Promise<void> {
      await db.query(`UPDATE member_order SET code_url = $2 WHERE id = $1 AND status = 'unpaid'`, [
        id,
        codeUrl,
      ]);
    },

    /**
     * Claims the right to ask the provider about an unpaid order now: true for one caller per `gapMs`, so the
     * status poll of every open modal does not turn into a query per poll.
     */
    async claimQuery(id: number, now: Date, gapMs: number): Promise<boolean> {
      const rows = await db.query(
        `UPDATE member_order SET queried_at = $2
         WHERE id = $1 AND status = 'unpaid' AND (queried_at IS NULL OR queried_at <= $3) RETURNING id`,
        [id, now, new Date(now.getTime() - gapMs)],
      );
      return rows.length > 0;
    },

    /**
     * THE paid-state update (src/orders/paid-state.ts): only from unpaid, only for the provider the order was
     * made with, only for exactly the amount the server computed, only when paid before the order expired. The
     * row lock makes concurrent confirmations queue; the second finds the order paid and changes nothing.
     */
    async markPaid(payment: {
      orderNo: string;
      provider: string;
      amountFen: number;
      paidAt: Date;
      transactionId: string;
      via: 'notification' | 'query' | 'reconcile';
    }): Promise<OrderRecord | undefined> {
      const [row] = await db.query<OrderRecord>(
        `UPDATE member_order
         SET status = 'paid', paid_at = $4, transaction_id = $5, paid_amount_fen = $3, paid_via = $6
         WHERE order_no = $1 AND provider = $2 AND status = 'unpaid' AND amount_fen = $3 AND expires_at > $4
         RETURNING ${orderColumns}`,
        [
          payment.orderNo,
          payment.provider,
          payment.amountFen,
          payment.paidAt,
          payment.transactionId,
          payment.via,
        ],
      );
      return row;
    },

    /** Unpaid orders past their expiry, oldest first. */
    async expiredUnpaid(now: Date, limit: number): Promise<OrderRecord[]> {
      return db.query<OrderRecord>(
        `SELECT ${orderColumns} FROM member_order WHERE status = 'unpaid' AND expires_at <= $1
         ORDER BY expires_at LIMIT $2`,
        [now, limit],
      );
    },

    /**
     * Unpaid, unexpired orders that have a QR code, older than `minAgeMs` and not asked about for `gapMs`:
     * reconciliation asks the provider whether a notification was missed.
     */
    async dueForReconcile(now: Date, minAgeMs: number, gapMs: number, limit: number): Promise<OrderRecord[]> {
      return db.query<OrderRecord>(
        `SELECT ${orderColumns} FROM member_order
         WHERE status = 'unpaid' AND expires_at > $1 AND code_url IS NOT NULL AND created_at <= $2
           AND (queried_at IS NULL OR queried_at <= $3)
         ORDER BY created_at LIMIT $4`,
        [now, new Date(now.getTime() - minAgeMs), new Date(now.getTime() - gapMs), limit],
      );
    },

    async insertPaymentEvent(event: PaymentEventRow): Promise<void> {
      await db.query(
        `INSERT INTO payment_event (order_no, provider, source, outcome, detail, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [
          event.orderNo,
          event.provider,
          event.source,
          event.outcome,
          JSON.stringify(event.detail),
          event.createdAt,
        ],
      );
    },

    async paymentEvents(orderNo: string): Promise<PaymentEventRow[]> {
      return db.query<PaymentEventRow>(
        `SELECT order_no AS "orderNo", provider, source, outcome, detail, created_at AS "createdAt"
         FROM payment_event WHERE order_no = $1 ORDER BY id`,
        [orderNo],
      );
    },

    async insertBuyPoint(point: {
      brandId: string;
      userId: number;
      event: string;
      memberCode: string | null;
      productId: number | null;
      orderNo: string | null;
      detail: Record<string, unknown>;
      createdAt: Date;
    }): Promise<void> {
      await db.query(
        `INSERT INTO buy_point (brand_id, user_id, event, member_code, product_id, order_no, detail, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          point.brandId,
          point.userId,
          point.event,
          point.memberCode,
          point.productId,
          point.orderNo,
          JSON.stringify(point.detail),
          point.createdAt,
        ],
      );
    },
  };
}

export type OrderQueries = ReturnType<typeof orderQueries>;
