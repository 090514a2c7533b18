import type { Queryable } from '../db/database';
import type { SmsVendorName } from './sms-vendor-config';

/** A brand's sign and templates at one vendor (migration 0028), as operators set them. */
export interface BrandSmsSettings {
  brandId: string;
  provider: SmsVendorName;
  signName: string;
  /** The vendor's template id by SMS purpose; a purpose may have none yet. */
  templates: Record<string, string>;
  templateParam: string;
  updatedAt: Date;
}

const columns = `brand_id AS "brandId", provider, sign_name AS "signName", templates,
  template_param AS "templateParam", updated_at AS "updatedAt"`;

/** Rows of `brand_sms_settings`; jsonb comes back parsed from both databases. */
export function smsSettingsQueries(db: Queryable) {
  return {
    async find(brandId: string, provider: SmsVendorName): Promise<BrandSmsSettings | undefined> {
      const [settings] = await db.query<BrandSmsSettings>(
        `SELECT ${columns} FROM brand_sms_settings WHERE brand_id = $1 AND provider = $2`,
        [brandId, provider],
      );
      return settings;
    },

    async list(brandId: string | undefined): Promise<BrandSmsSettings[]> {
      return db.query<BrandSmsSettings>(
        `SELECT ${columns} FROM brand_sms_settings WHERE $1::text IS NULL OR brand_id = $1
         ORDER BY brand_id, provider`,
        [brandId ?? null],
      );
    },

    async save(settings: BrandSmsSettings): Promise<void> {
      await db.query(
        `INSERT INTO brand_sms_settings (brand_id, provider, sign_name, templates, template_param, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (brand_id, provider) DO UPDATE SET sign_name = EXCLUDED.sign_name,
           templates = EXCLUDED.templates, template_param = EXCLUDED.template_param,
           updated_at = EXCLUDED.updated_at`,
        [
          settings.brandId,
          settings.provider,
          settings.signName,
          JSON.stringify(settings.templates),
          settings.templateParam,
          settings.updatedAt,
        ],
      );
    },
  };
}
