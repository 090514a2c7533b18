import type { EndpointResponse, itemQrcodeEndpoint } from '@tender/contracts';
import { RESPONSE_CODES } from '@tender/domain';
import type { MiniProgramApi } from '../auth/wechat/mini-program-api';
import type { WechatSignInSettings } from '../auth/wechat/settings';
import type { Database } from '../db/database';
import { BusinessError } from '../http/business-error';
import { messages } from '../messages';
import { webLinks } from '../open-api/readable-text';
import type { Tenant } from '../tenants/queries';
import { detailQueries } from './queries';

/**
 * spec §7 `ma/getQrcode`: the code on a detail screen that opens the item on the member's phone. With
 * WECHAT_PROVIDER=wechat, WeChat draws the mini-program code of WECHAT_MA_DETAIL_PAGE with the scene `id=<id>`
 * (the same `getwxacodeunlimit` and access token as the QR sign-in); in sandbox mode the answer is the item's
 * address in the brand's web client. Nothing is spent here: the phone's view is gated like any other.
 */
export function phoneCodeService(
  db: Database,
  wechat: WechatSignInSettings,
  miniProgram: MiniProgramApi | undefined,
) {
  const queries = detailQueries(db);
  const detailPage = wechat.provider === 'wechat' ? wechat.miniProgram.detailPage : undefined;

  return async (
    tenant: Tenant,
    id: number,
    baseUrl: string,
  ): Promise<EndpointResponse<typeof itemQrcodeEndpoint>> => {
    if (wechat.provider === 'off' || (wechat.provider === 'wechat' && !detailPage)) {
      throw new BusinessError(RESPONSE_CODES.NOT_FOUND, messages.details.phoneCodeOff);
    }
    const item = await queries.findItem(id);
    if (!item) throw new BusinessError(RESPONSE_CODES.NOT_FOUND, messages.gates.itemNotFound);
    if (miniProgram && detailPage) {
      const code = await miniProgram.miniProgramCode(`id=${item.id}`, detailPage);
      return { mode: 'wechat', qrImage: `data:${code.contentType};base64,${code.image.toString('base64')}` };
    }
    return { mode: 'sandbox', qrUrl: webLinks(baseUrl, tenant.id).item(item.id, item.docType) };
  };
}

export type PhoneCodeService = ReturnType<typeof phoneCodeService>;
