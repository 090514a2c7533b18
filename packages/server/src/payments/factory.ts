import type { Clock } from '../clock';
import type { ServerConfig } from '../config';
import type { Queryable } from '../db/database';
import { serverSecrets } from '../enterprise/server-secret';
import type { PaymentProvider } from './provider';
import { sandboxProvider } from './sandbox';
import { loadWechatPayConfig, wechatPayProvider } from './wechatpay/provider';

/**
 * The provider `PAY_PROVIDER` names. For `wechatpay` the key and certificate files are read now, so a missing or
 * unreadable one stops the start with a message naming its variable (docs/payments.md).
 */
export function createPaymentProvider(
  config: Pick<ServerConfig, 'payProvider' | 'wechatPay'>,
  db: Queryable,
  clock: Clock,
): PaymentProvider {
  if (config.payProvider === 'wechatpay') {
    if (!config.wechatPay) throw new Error('PAY_PROVIDER=wechatpay 需要设置 WECHATPAY_* 商户参数');
    return wechatPayProvider(loadWechatPayConfig(config.wechatPay), clock);
  }
  return sandboxProvider(serverSecrets(db, clock), clock);
}
