import type { Agent } from 'node:http';
import { createRequire } from 'node:module';
import type { Queryable } from '../db/database';
import { aliyunFailureKind, SmsSendError, tencentFailureKind } from './sms-failures';
import type { SmsMessage, SmsProvider } from './sms-provider';
import { smsSettingsQueries } from './sms-settings';
import type { AliyunSmsConfig, SmsVendorConfig, SmsVendorName, TencentSmsConfig } from './sms-vendor-config';

// The vendors' SDKs are CommonJS with an `exports.default` class: required, they look the same under Node's ESM
// loader (the built server) and under Vitest.
const require = createRequire(import.meta.url);
const dysmsapi: typeof import('@alicloud/dysmsapi20170525') = require('@alicloud/dysmsapi20170525');
const openapi: typeof import('@alicloud/openapi-core') = require('@alicloud/openapi-core');
const tencentSms: typeof import('tencentcloud-sdk-nodejs-sms') = require('tencentcloud-sdk-nodejs-sms');

/** Vendors answer within seconds; a member waiting longer would rather try again. */
const CONNECT_TIMEOUT_MS = 5_000;
const READ_TIMEOUT_MS = 10_000;

interface BrandTemplate {
  signName: string;
  templateId: string;
  templateParam: string;
}

/** The brand's sign and the template of the message's purpose at `provider`, or a `not-configured` failure. */
async function brandTemplate(
  db: Queryable,
  provider: SmsVendorName,
  message: SmsMessage,
): Promise<BrandTemplate> {
  const settings = await smsSettingsQueries(db).find(message.brand, provider);
  const templateId = settings?.templates[message.purpose];
  if (!settings || !templateId) {
    throw new SmsSendError('not-configured', {
      provider,
      vendorCode: settings ? 'no-template' : 'no-settings',
      vendorMessage: settings
        ? `brand ${message.brand} has no ${provider} template for purpose ${message.purpose}`
        : `brand ${message.brand} has no ${provider} sign and templates`,
    });
  }
  return { signName: settings.signName, templateId, templateParam: settings.templateParam };
}

/** What the SDKs put on the errors they throw: the vendor's code and request id when the vendor answered. */
interface VendorException {
  code?: unknown;
  requestId?: unknown;
  message?: unknown;
  data?: { Message?: unknown };
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** Alibaba Cloud SMS: dysmsapi 2017-05-25 SendSms, signed ACS3-HMAC-SHA256 by the official SDK. */
function aliyunSmsProvider(config: AliyunSmsConfig, db: Queryable): SmsProvider {
  const client = new dysmsapi.default(
    new openapi.$OpenApiUtil.Config({
      accessKeyId: config.accessKeyId,
      accessKeySecret: config.accessKeySecret,
      endpoint: config.endpoint.host,
      protocol: config.endpoint.protocol,
      connectTimeout: CONNECT_TIMEOUT_MS,
      readTimeout: READ_TIMEOUT_MS,
    }),
  );
  return {
    async send(message) {
      const template = await brandTemplate(db, 'aliyun', message);
      let body: { code?: string; message?: string; requestId?: string } | undefined;
      try {
        const response = await client.sendSms(
          new dysmsapi.SendSmsRequest({
            phoneNumbers: message.mobile,
            signName: template.signName,
            templateCode: template.templateId,
            templateParam: JSON.stringify({ [template.templateParam]: message.code }),
          }),
        );
        body = response.body;
      } catch (error) {
        // The gateway's refusals (keys, signature) come as HTTP 4xx, thrown with their code and request id.
        const thrown = error as VendorException;
        const code = text(thrown.code);
        const vendorMessage = text(thrown.data?.Message) ?? text(thrown.message);
        throw new SmsSendError(code ? aliyunFailureKind(code, vendorMessage) : 'vendor-error', {
          provider: 'aliyun',
          vendorCode: code ?? 'unreachable',
          requestId: text(thrown.requestId),
          vendorMessage,
        });
      }
      if (body?.code !== 'OK') {
        const code = body?.code ?? 'empty-answer';
        throw new SmsSendError(aliyunFailureKind(code, body?.message), {
          provider: 'aliyun',
          vendorCode: code,
          requestId: body?.requestId,
          vendorMessage: body?.message,
        });
      }
    },
  };
}

/**
 * Tencent Cloud SMS: SendSms 2021-01-11, signed TC3-HMAC-SHA256 by the official SDK. `agent` is the SDK's own
 * option for the HTTP agent (tests route the vendor's name to their local fake with it).
 */
function tencentSmsProvider(config: TencentSmsConfig, db: Queryable, agent?: Agent): SmsProvider {
  const client = new tencentSms.sms.v20210111.Client({
    credential: { secretId: config.secretId, secretKey: config.secretKey },
    region: config.region,
    profile: {
      httpProfile: {
        endpoint: config.endpoint.host,
        protocol: `${config.endpoint.protocol}://`,
        reqTimeout: READ_TIMEOUT_MS / 1000,
        ...(agent ? { agent } : {}),
      },
    },
  });
  return {
    async send(message) {
      const template = await brandTemplate(db, 'tencent', message);
      let response: Awaited<ReturnType<typeof client.SendSms>>;
      try {
        response = await client.SendSms({
          PhoneNumberSet: [`+86${message.mobile}`],
          SmsSdkAppId: config.sdkAppId,
          SignName: template.signName,
          TemplateId: template.templateId,
          // Tencent's templates number their variables: the code is {1}.
          TemplateParamSet: [message.code],
        });
      } catch (error) {
        // A refusal of the whole request ({Response: {Error}}) is thrown with its code and request id.
        const thrown = error as VendorException;
        const code = text(thrown.code);
        throw new SmsSendError(code ? tencentFailureKind(code) : 'vendor-error', {
          provider: 'tencent',
          vendorCode: code ?? 'unreachable',
          requestId: text(thrown.requestId),
          vendorMessage: text(thrown.message),
        });
      }
      // A refusal of the one number (limits, a wrong number) is in its send status.
      const status = response.SendStatusSet?.[0];
      if (status?.Code !== 'Ok') {
        const code = status?.Code ?? 'empty-answer';
        throw new SmsSendError(tencentFailureKind(code), {
          provider: 'tencent',
          vendorCode: code,
          requestId: response.RequestId,
          vendorMessage: status?.Message,
        });
      }
    },
  };
}

/** The provider of `SMS_PROVIDER=aliyun|tencent`; the brands' signs and templates are read from `db` at each send. */
export function vendorSmsProvider(config: SmsVendorConfig, db: Queryable, agent?: Agent): SmsProvider {
  return config.provider === 'aliyun' ? aliyunSmsProvider(config, db) : tencentSmsProvider(config, db, agent);
}
