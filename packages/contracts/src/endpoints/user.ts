import { DISPLAY_MODES, isDisplayMode } from '@tender/domain';
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { memberCodeSchema } from '../member-codes';

/** A mainland mobile number: 11 digits starting 13–19. Numbers sent as JSON numbers are accepted too. */
export const mobileSchema = z.coerce
  .string()
  .trim()
  .regex(/^1[3-9]\d{9}$/, '请输入正确的 11 位手机号');

/** An SMS verification code: 6 digits. */
export const smsCodeSchema = z.coerce
  .string()
  .trim()
  .regex(/^\d{6}$/, '请输入 6 位数字验证码');

/** A yes/no flag that arrives as a JSON boolean or, in a query string, as 'true'/'false'/'1'/'0'. */
export const flagSchema = z.union([z.boolean(), z.stringbool()]);

/** spec §3 User.displayMode / Preference: 10 list, 20 table. */
export const displayModeSchema = z.coerce
  .number()
  .refine(isDisplayMode, `显示模式只能是 ${DISPLAY_MODES.LIST}（列表）或 ${DISPLAY_MODES.TABLE}（表格）`)
  .transform((value) => value as 10 | 20);

/** spec §3 User: what the client keeps about the signed-in user (user store, route guard, popover). */
export const userSchema = z.object({
  userId: z.number().int(),
  userName: z.string(),
  realUserName: z.string(),
  mobile: z.string(),
  /** Absolute: a stored relative path is answered with the server's base address in front. */
  headimgurl: z.string(),
  companyName: z.string(),
  industry: z.string(),
  jobTitle: z.string(),
  email: z.string(),
  displayMode: z.union([z.literal(10), z.literal(20)]),
  /** Whether the profile is complete (real name and company name filled); until then most calls answer 430. */
  isPerfect: z.boolean(),
  memberCode: memberCodeSchema,
  memberName: z.string(),
  isOpenMember: z.boolean(),
  /** The account that may buy: every account outside an enterprise, and an enterprise's main account. */
  primaryUser: z.boolean(),
  /** Memberships held, the one shown first; `expireDate` is 'YYYY-MM-DD'. Empty without a membership. */
  upgradeList: z.array(
    z.object({ memberCode: memberCodeSchema, memberName: z.string(), expireDate: z.string() }),
  ),
  /** spec §3: -1 means no PC access. */
  isUsePc: z.union([z.literal(1), z.literal(-1)]),
});

export type User = z.infer<typeof userSchema>;

const realUserNameSchema = z.string().trim().min(1, '请填写真实姓名').max(30, '真实姓名最多 30 个字');
const companyNameSchema = z.string().trim().min(1, '请填写公司名称').max(100, '公司名称最多 100 个字');
const optionalProfileFields = {
  industry: z.string().trim().max(50, '行业最多 50 个字').optional(),
  jobTitle: z.string().trim().max(50, '职务最多 50 个字').optional(),
  email: z.union([z.literal(''), z.email('请输入正确的邮箱地址')]).optional(),
};

/** The signed-in user (spec §7 `api/userCenter`): loaded by the route guard after sign-in. */
export const userCenterEndpoint = defineEndpoint({
  method: 'GET',
  path: '/webchat/api/userCenter',
  summary: '用户中心：当前登录用户的信息与会员概况',
  access: 'user',
  request: z.object({}),
  response: userSchema,
});

/** The signed-in user's details (spec §7 `api/userDetail`), as `userCenter`. */
export const userDetailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/webchat/api/userDetail',
  summary: '用户详情：当前登录用户的资料',
  access: 'user',
  request: z.object({}),
  response: userSchema,
});

/** Changes the signed-in user's own fields; fields left out stay as they are (spec §7 `api/updateUser`). */
export const updateUserEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/updateUser',
  summary: '修改个人资料：只改传入的字段（头像请用上传头像接口）',
  access: 'user',
  request: z.object({
    userName: z.string().trim().min(1, '请填写昵称').max(30, '昵称最多 30 个字').optional(),
    realUserName: realUserNameSchema.optional(),
    companyName: companyNameSchema.optional(),
    ...optionalProfileFields,
  }),
  response: userSchema,
});

/** Moves the account to a new phone, proven by a code sent to it (purpose `updatePhone`). */
export const updatePhoneEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/userCenter/updatePhone',
  summary: '更换手机号：新手机号须先获取 purpose=updatePhone 的验证码',
  access: 'user',
  request: z.object({ mobile: mobileSchema, code: smsCodeSchema }),
  response: userSchema,
  errors: [{ code: 400, when: '验证码错误或已失效；新手机号与当前相同；该手机号已被本平台其他账号使用' }],
});

/** Whether the profile is complete, and what it holds, for the /perfect page (spec §2). */
export const checkPerfectInfoEndpoint = defineEndpoint({
  method: 'GET',
  path: '/webchat/api/checkPerfectInfo',
  summary: '资料是否已完善：完善前其他需登录的接口返回 430',
  access: 'session',
  request: z.object({}),
  response: z.object({
    isPerfect: z.boolean(),
    /** The wire names of the required fields still empty. */
    missingFields: z.array(z.enum(['realUserName', 'companyName'])),
    realUserName: z.string(),
    companyName: z.string(),
    industry: z.string(),
    jobTitle: z.string(),
    email: z.string(),
  }),
});

/** Completes the profile (spec §7 `api/perfect`, params in the query): real name and company name. */
export const perfectEndpoint = defineEndpoint({
  method: 'GET',
  path: '/webchat/api/perfect',
  summary: '完善资料：填写真实姓名与公司名称后即可使用全部功能',
  access: 'session',
  request: z.object({
    realUserName: realUserNameSchema,
    companyName: companyNameSchema,
    ...optionalProfileFields,
  }),
  response: userSchema,
});

/** The largest avatar accepted. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** A file part of a multipart request as the server reads it. */
export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Uint8Array;
  /** True when the file was longer than the limit and was cut. */
  truncated: boolean;
}

function isUploadedFile(value: unknown): value is UploadedFile {
  if (typeof value !== 'object' || value === null) return false;
  const file = value as Partial<UploadedFile>;
  return (
    typeof file.filename === 'string' &&
    typeof file.mimetype === 'string' &&
    file.data instanceof Uint8Array &&
    typeof file.truncated === 'boolean'
  );
}

/** Uploads the user's avatar (multipart/form-data, field `file`) and makes it the user's headimgurl. */
export const uploadAvatarEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/upload/avatar',
  summary:
    '上传头像：multipart/form-data，文件字段 file，全局参数放在查询串或表单字段中；png/jpeg/gif/webp，不超过 2 MB',
  access: 'session',
  request: z.object({
    file: z
      .custom<UploadedFile>(isUploadedFile, '请以 multipart/form-data 的 file 字段上传图片')
      .describe('图片文件（png/jpeg/gif/webp，≤ 2 MB）'),
  }),
  response: z.object({ headimgurl: z.string() }),
  errors: [{ code: 400, when: '不是支持的图片格式，或超过 2 MB' }],
});

/** The display preference, created as the default list on first read (spec §4 Display mode). */
export const getOrInitPreferenceEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/display/getOrInitPreference',
  summary: '读取显示模式：10 列表（默认），20 表格',
  access: 'user',
  request: z.object({}),
  response: z.object({ displayMode: z.union([z.literal(10), z.literal(20)]) }),
});

/** Saves the display preference (spec §4 Display mode; the client re-reads it afterwards). */
export const updatePreferenceEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/display/updatePreference',
  summary: '保存显示模式：10 列表，20 表格',
  access: 'user',
  request: z.object({ displayMode: displayModeSchema }),
  response: z.object({ displayMode: z.union([z.literal(10), z.literal(20)]) }),
});

/**
 * Whether the first-login guided tour (spec §2) is still due for this user; `markSeen` records that the user
 * finished or skipped it, after which it is never due again.
 */
export const isFirstConcernEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/common/isFirstConcern',
  summary: '新手引导是否待展示；markSeen=true 记录为已看过',
  access: 'user',
  request: z.object({
    markSeen: flagSchema.default(false).describe('true：记录新手引导已看过（完成或跳过）；默认 false'),
  }),
  response: z.object({ isFirstConcern: z.boolean() }),
});
