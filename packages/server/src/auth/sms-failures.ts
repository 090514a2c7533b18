import { RESPONSE_CODES } from '@tender/domain';
import { messages } from '../messages';

/** Why a code was not texted, as far as the member and the operator need to know (docs/operations.md, SMS). */
export type SmsFailureKind =
  | 'phone-limit-short'
  | 'phone-limit-hour'
  | 'phone-limit-day'
  | 'invalid-number'
  | 'account-limit'
  | 'out-of-balance'
  | 'sign-or-template'
  | 'credentials'
  | 'not-configured'
  | 'vendor-error';

export interface SmsFailureDetail {
  provider: string;
  /** The vendor's error code (isv.…, LimitExceeded.…) or ours for a missing setting. */
  vendorCode: string;
  requestId?: string | undefined;
  vendorMessage?: string | undefined;
}

/** A send the vendor refused or could not take; providers throw it, src/auth/sms-codes.ts tells member and operator. */
export class SmsSendError extends Error {
  constructor(
    readonly kind: SmsFailureKind,
    readonly detail: SmsFailureDetail,
  ) {
    super(`SMS not sent (${detail.provider} ${detail.vendorCode}): ${detail.vendorMessage ?? kind}`);
    this.name = 'SmsSendError';
  }
}

interface Outcome {
  /** The business code the member's client gets. */
  code: number;
  member: string;
  /** What the operator should do, in the log line. */
  advice: string;
  /** Only the member's own doing is worth less than a warning. */
  level: 'info' | 'warn' | 'error';
}

const unavailable = messages.smsVendor.unavailable;

export const SMS_FAILURE_OUTCOMES: Record<SmsFailureKind, Outcome> = {
  'phone-limit-short': {
    code: RESPONSE_CODES.TOO_MANY_REQUESTS,
    member: messages.smsVendor.phoneLimitShort,
    advice: 'the vendor limits codes per number (per minute); nothing to do unless many members hit it',
    level: 'info',
  },
  'phone-limit-hour': {
    code: RESPONSE_CODES.TOO_MANY_REQUESTS,
    member: messages.smsVendor.phoneLimitHour,
    advice: 'the vendor limits codes per number (per hour); nothing to do unless many members hit it',
    level: 'info',
  },
  'phone-limit-day': {
    code: RESPONSE_CODES.TOO_MANY_REQUESTS,
    member: messages.smsVendor.phoneLimitDay,
    advice: 'the vendor limits codes per number (per day); nothing to do unless many members hit it',
    level: 'info',
  },
  'invalid-number': {
    code: RESPONSE_CODES.BAD_REQUEST,
    member: messages.smsVendor.invalidNumber,
    advice: 'the vendor does not take this number; nothing to do',
    level: 'info',
  },
  'account-limit': {
    code: RESPONSE_CODES.SERVER_ERROR,
    member: unavailable,
    advice: "the SMS account reached the daily/monthly total set in the vendor's console: raise it there",
    level: 'error',
  },
  'out-of-balance': {
    code: RESPONSE_CODES.SERVER_ERROR,
    member: unavailable,
    advice: 'the SMS account is out of balance or of its SMS package: top it up in the vendor console',
    level: 'error',
  },
  'sign-or-template': {
    code: RESPONSE_CODES.SERVER_ERROR,
    member: unavailable,
    advice:
      "the vendor refuses the brand's sign or template (not approved, wrong id, or wrong template parameter): " +
      'compare `tender-server sms-settings show` with the approved ones in the vendor console',
    level: 'error',
  },
  credentials: {
    code: RESPONSE_CODES.SERVER_ERROR,
    member: unavailable,
    advice:
      'the vendor refuses our keys (wrong, disabled, not allowed to send SMS, or the app id): check the ' +
      'ALIYUN_SMS_* / TENCENT_SMS_* variables and the key permissions in the vendor console',
    level: 'error',
  },
  'not-configured': {
    code: RESPONSE_CODES.SERVER_ERROR,
    member: unavailable,
    advice:
      'no sign or template for this brand and purpose: set them with `tender-server sms-settings set` ' +
      '(docs/operations.md, SMS)',
    level: 'error',
  },
  'vendor-error': {
    code: RESPONSE_CODES.SERVER_ERROR,
    member: unavailable,
    advice: "the vendor failed or could not be reached: look the code up in the vendor's error code list",
    level: 'error',
  },
};

/** Aliyun SendSms codes (help.aliyun.com, 国内消息 API 错误码; V3 gateway codes for the keys). */
const ALIYUN_KINDS: Record<string, SmsFailureKind> = {
  'isv.MOBILE_NUMBER_ILLEGAL': 'invalid-number',
  'isv.DAY_LIMIT_CONTROL': 'account-limit',
  'isv.MONTH_LIMIT_CONTROL': 'account-limit',
  'isv.AMOUNT_NOT_ENOUGH': 'out-of-balance',
  'isv.OUT_OF_SERVICE': 'out-of-balance',
  'isv.SMS_SIGNATURE_ILLEGAL': 'sign-or-template',
  'isv.SMS_SIGN_ILLEGAL': 'sign-or-template',
  'isv.SIGN_STATE_ILLEGAL': 'sign-or-template',
  'isv.SMS_SIGNATURE_SCENE_ILLEGAL': 'sign-or-template',
  'isv.SMS_TEMPLATE_ILLEGAL': 'sign-or-template',
  'isv.TEMPLATE_MISSING_PARAMETERS': 'sign-or-template',
  'isv.INVALID_JSON_PARAM': 'sign-or-template',
  'isp.RAM_PERMISSION_DENY': 'credentials',
  'isv.ACCOUNT_NOT_EXISTS': 'credentials',
  'isv.ACCOUNT_ABNORMAL': 'credentials',
  'isv.PRODUCT_UN_SUBSCRIPT': 'credentials',
  'isv.PRODUCT_UNSUBSCRIBE': 'credentials',
  'InvalidAccessKeyId.NotFound': 'credentials',
  'InvalidAccessKeyId.Inactive': 'credentials',
  SignatureDoesNotMatch: 'credentials',
  IncompleteSignature: 'credentials',
  'Forbidden.RAM': 'credentials',
};

/**
 * The kind of an Aliyun refusal. `isv.BUSINESS_LIMIT_CONTROL` is the per-number limit; its message says which
 * window (触发分钟级流控 / 小时级 / 天级).
 */
export function aliyunFailureKind(code: string, message: string | undefined): SmsFailureKind {
  if (code === 'isv.BUSINESS_LIMIT_CONTROL') {
    if (message?.includes('天级')) return 'phone-limit-day';
    if (message?.includes('小时级')) return 'phone-limit-hour';
    return 'phone-limit-short';
  }
  return ALIYUN_KINDS[code] ?? 'vendor-error';
}

/** Tencent SendSms 2021-01-11 codes (cloud.tencent.com 382/59177 and the SDK's SmsErrorCode). */
const TENCENT_KINDS: Record<string, SmsFailureKind> = {
  'LimitExceeded.PhoneNumberThirtySecondLimit': 'phone-limit-short',
  'LimitExceeded.DeliveryFrequencyLimit': 'phone-limit-short',
  'LimitExceeded.PhoneNumberOneHourLimit': 'phone-limit-hour',
  'LimitExceeded.PhoneNumberDailyLimit': 'phone-limit-day',
  'LimitExceeded.PhoneNumberSameContentDailyLimit': 'phone-limit-day',
  'InvalidParameterValue.IncorrectPhoneNumber': 'invalid-number',
  'FailedOperation.PhoneNumberParseFail': 'invalid-number',
  'LimitExceeded.AppDailyLimit': 'account-limit',
  'LimitExceeded.AppMainlandChinaDailyLimit': 'account-limit',
  'LimitExceeded.DailyLimit': 'account-limit',
  'FailedOperation.InsufficientBalanceInSmsPackage': 'out-of-balance',
  'UnauthorizedOperation.ServiceSuspendDueToArrears': 'out-of-balance',
  'FailedOperation.SignatureIncorrectOrUnapproved': 'sign-or-template',
  'FailedOperation.TemplateIncorrectOrUnapproved': 'sign-or-template',
  'FailedOperation.TemplateUnapprovedOrNotExist': 'sign-or-template',
  'FailedOperation.TemplateParamSetNotMatchApprovedTemplate': 'sign-or-template',
  'FailedOperation.MissingSignatureList': 'sign-or-template',
  'FailedOperation.MissingTemplateList': 'sign-or-template',
  'InvalidParameterValue.SdkAppIdNotExist': 'credentials',
  'UnauthorizedOperation.SmsSdkAppIdVerifyFail': 'credentials',
  'UnauthorizedOperation.SdkAppIdIsDisabled': 'credentials',
  'UnauthorizedOperation.RequestIpNotInWhitelist': 'credentials',
  'UnauthorizedOperation.RequestPermissionDeny': 'credentials',
};

/** The kind of a Tencent refusal; every `AuthFailure.*` is about our keys. */
export function tencentFailureKind(code: string): SmsFailureKind {
  if (code.startsWith('AuthFailure.')) return 'credentials';
  return TENCENT_KINDS[code] ?? 'vendor-error';
}
