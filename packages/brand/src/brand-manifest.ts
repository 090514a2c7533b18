import { z } from 'zod';
import { hexColorPattern } from './hex-color';

const hexColorSchema = z.string().regex(hexColorPattern, { error: 'must be a colour in the form #rrggbb' });

const nonEmptyTextSchema = z.string().trim().min(1, { error: 'must not be empty' });

const httpUrlSchema = z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' });

/** A public asset path as served from the brand app's `public/` folder, e.g. `/customer-service.png`. */
const assetPathSchema = z.string().regex(/^\/[\w./-]+$/, { error: 'must be a path starting with /' });

// The filing number the MIIT issues; shown in the footer and linked to beian.miit.gov.cn.
const icpCaseNumberSchema = z
  .string()
  .regex(/^\p{Script=Han}ICP备\d{6,10}号(-\d{1,3})?$/u, { error: 'must look like 京ICP备2023012345号-1' });

// The public-security (公安) filing number of a site; shown in the footer and linked to the MPS filing search.
const publicSecurityNumberSchema = z
  .string()
  .regex(/^\p{Script=Han}公网安备\d{14}号$/u, { error: 'must look like 京公网安备11010802012345号' });

// The value-added telecom business licence (增值电信业务经营许可证), e.g. 京B2-20201234.
const telecomLicenseSchema = z
  .string()
  .regex(/^\p{Script=Han}[AB][12]-\d{8}$/u, { error: 'must look like 京B2-20201234' });

// The version of the 隐私政策 the client shows; consent is recorded against it (docs/operations.md, PIPL).
const policyVersionSchema = z
  .string()
  .regex(/^[\w.-]{1,40}$/, { error: 'must be a short version such as 2026-11-01' });

const brandColorsSchema = z
  .strictObject({
    /** The brand's primary colour; white text on it must stay readable (contrast ≥ 4.5). */
    primary: hexColorSchema,
    /** The theme colours the settings panel offers (spec §2 "settings right panel"), primary first. */
    themeChoices: z
      .array(hexColorSchema)
      .min(1, { error: 'must offer at least the primary colour' })
      .readonly(),
  })
  .readonly()
  .refine((colors) => colors.themeChoices[0]?.toLowerCase() === colors.primary.toLowerCase(), {
    error: 'must start with the primary colour',
    path: ['themeChoices'],
  })
  .refine(
    (colors) => new Set(colors.themeChoices.map((c) => c.toLowerCase())).size === colors.themeChoices.length,
    { error: 'must not repeat a colour', path: ['themeChoices'] },
  );

/** Features a brand switches on or off (spec §1 "Brand flags"). */
const brandFlagsSchema = z
  .strictObject({
    /** Enterprise and market analysis screens. */
    analysis: z.boolean(),
    /** Data export (一键导出项目, 我的导出记录). */
    export: z.boolean(),
    /** Online membership purchase; when off, buyers see the unPay dialog instead. */
    payment: z.boolean(),
    /** The "new demand" mode that shows enterprise management (/enterpriseEdit, spec §2). */
    newDemandMode: z.boolean(),
  })
  .readonly();

/**
 * Everything that distinguishes one white-label brand from another (spec §1). Each brand app's `brand.ts`
 * holds one manifest; the client reads it at start-up and the server seeds the brand's tenant from it.
 */
export const brandManifestSchema = z
  .strictObject({
    /** Lower-case slug, equal to the brand app's folder name and its URL prefix (`/<id>/`). */
    id: z.string().regex(/^[a-z][a-z0-9-]*$/, { error: 'must be a lower-case slug such as "portal"' }),
    /** The brand name users see (Chinese). */
    name: nonEmptyTextSchema,
    /** The browser page title. */
    title: nonEmptyTextSchema,
    colors: brandColorsSchema,
    flags: brandFlagsSchema,
    /** The `version` global parameter sent with every request (spec §7, §9). */
    interfaceVersion: z.union([z.literal(19), z.literal(20)], { error: 'must be 19 or 20' }),
    /** Sent in the login payload; 50 for every brand (spec §3, §9). */
    registerType: z.literal(50, { error: 'must be 50' }),
    legal: z
      .strictObject({
        termsUrl: httpUrlSchema,
        privacyUrl: httpUrlSchema,
        /** The user agreement's name as shown next to the login consent, without 《》. */
        clauseName: nonEmptyTextSchema,
        /**
         * The version of the privacy policy at `privacyUrl`. Sent as `consentVersion` with every SMS-code
         * request; the server refuses other versions, so bump it whenever the policy changes.
         */
        privacyPolicyVersion: policyVersionSchema,
      })
      .readonly(),
    /** The footer settings (spec §3 "Settings": footerTxt, caseNumber). */
    footer: z
      .strictObject({
        text: nonEmptyTextSchema,
        /** ICP filing number, e.g. 京ICP备2023012345号-1. */
        caseNumber: icpCaseNumberSchema,
        /** 公安备案号, e.g. 京公网安备11010802012345号; linked to the MPS filing search. */
        publicSecurityNumber: publicSecurityNumberSchema.optional(),
        /** 增值电信业务经营许可证 number, e.g. 京B2-20201234. */
        telecomLicense: telecomLicenseSchema.optional(),
      })
      .readonly(),
    /** Official support phone; the server seeds the brand's company configuration from it. */
    supportPhone: z
      .string()
      .regex(/^\d[\d-]{5,18}\d$/, { error: 'must be digits and dashes, e.g. 400-012-3456' })
      .optional(),
    /**
     * The trade's words 热门搜索 starts with, while the brand's members have searched little (the server seeds
     * the brand's `hot_search_word` dictionary from them); without them, general tender words.
     */
    hotSearchWords: z.array(z.string().trim().min(1).max(12)).max(20).readonly().optional(),
    /** Images for the floating customer-service widget (shown only when both are present, spec §1). */
    customerService: z
      .strictObject({
        image: assetPathSchema,
        wechatImage: assetPathSchema,
      })
      .readonly()
      .optional(),
  })
  .readonly();

export type BrandManifest = z.infer<typeof brandManifestSchema>;
