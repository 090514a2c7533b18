import type { BrandManifest } from '@tender/brand';
import { serverUrl } from './server';
import { callApi, type SignedInUser, signInByApi } from './session';

/**
 * Buys a level for real through the API, as a phone would pay it (docs/payments.md): the server's 12-month
 * product (priced for `payAreas` where given), submitOrder, payPrepay, the sandbox QR page's 确认支付 posted with
 * its page token, then the order polled until paid (status 2, within 10 s). Throws on any step's failure, so it
 * serves in beforeAll as well as in a test.
 */
export async function buyMembership(
  brand: BrandManifest,
  user: SignedInUser,
  memberCode: string,
  payAreas?: string[],
): Promise<void> {
  const info = await callApi<{ productConfigResponses: { id: number; months: number }[] }>(
    brand,
    'POST',
    '/webchat/api/member/productInfo',
    { memberCode, payAreas },
    user.token,
  );
  const product =
    info.code === 200 ? info.data.productConfigResponses.find((option) => option.months === 12) : undefined;
  if (!product) throw new Error(`productInfo ${memberCode}: ${info.code} ${info.message}`);
  const order = await callApi<{ orderId: number }>(
    brand,
    'POST',
    '/webchat/api/submitOrder',
    { memberCode, productId: product.id, payAreas },
    user.token,
  );
  if (order.code !== 200) throw new Error(`submitOrder: ${order.code} ${order.message}`);
  const { orderId } = order.data;
  const qr = await callApi<{ codeUrl: string }>(
    brand,
    'POST',
    '/webchat/api/payPrepay',
    { orderId },
    user.token,
  );
  if (qr.code !== 200) throw new Error(`payPrepay: ${qr.code} ${qr.message}`);
  // The payer's phone: the sandbox page's 确认支付 form posts the page token back.
  const payPage = new URL(qr.data.codeUrl);
  const paid = await fetch(`${serverUrl()}${payPage.pathname}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ t: payPage.searchParams.get('t') ?? '' }).toString(),
  });
  if (!paid.ok) throw new Error(`sandbox payment: HTTP ${paid.status}`);
  // Paid once the notification is processed; a loop rather than expect.poll, as it also runs in beforeAll.
  const deadline = Date.now() + 10_000;
  for (;;) {
    const status = await callApi<{ orderStatus: number }>(
      brand,
      'POST',
      '/webchat/api/order/status',
      { orderId },
      user.token,
    );
    if (status.data?.orderStatus === 2) return;
    if (Date.now() > deadline) throw new Error(`order ${orderId} not paid: ${JSON.stringify(status)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * A paid member (企业通): bought through the API where the brand sells online, else the member an operator
 * granted (bin/e2e.mjs, E2E_OPERATOR_MEMBERS), so that paid screens show their content.
 */
export async function paidMember(brand: BrandManifest): Promise<SignedInUser> {
  if (!brand.flags.payment) {
    const members = JSON.parse(process.env.E2E_OPERATOR_MEMBERS ?? '{}') as Record<string, SignedInUser>;
    const operatorMember = members[brand.id];
    if (!operatorMember) throw new Error(`bin/e2e.mjs granted no operator member for ${brand.id}`);
    return operatorMember;
  }
  const user = await signInByApi(brand);
  await buyMembership(brand, user, 'qiyetong');
  return user;
}
