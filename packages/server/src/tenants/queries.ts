import type { Queryable } from '../db/database';

export interface Tenant {
  id: string;
  name: string;
  title: string;
  interfaceVersion: number;
  registerType: number;
  showAnalysis: boolean;
  showExport: boolean;
  allowPay: boolean;
  newDemandMode: boolean;
  supportPhone: string | null;
  customerImage: string | null;
  customerWechatImage: string | null;
  /** The 隐私政策 version in force: SMS codes go only to callers who consented to it (migration 0030). */
  privacyPolicyVersion: string;
}

export type NewTenant = Tenant;

const columns = `id, name, title, interface_version AS "interfaceVersion", register_type AS "registerType",
  show_analysis AS "showAnalysis", show_export AS "showExport", allow_pay AS "allowPay",
  new_demand_mode AS "newDemandMode", support_phone AS "supportPhone", customer_image AS "customerImage",
  customer_wechat_image AS "customerWechatImage", privacy_policy_version AS "privacyPolicyVersion"`;

export function tenantQueries(db: Queryable) {
  return {
    async find(id: string): Promise<Tenant | undefined> {
      const [tenant] = await db.query<Tenant>(`SELECT ${columns} FROM brand WHERE id = $1`, [id]);
      return tenant;
    },

    async list(): Promise<Tenant[]> {
      return db.query<Tenant>(`SELECT ${columns} FROM brand ORDER BY id`);
    },

    /** Inserts a brand seen for the first time; an existing row is the operators' and stays as it is. */
    async insertIfMissing(tenant: NewTenant): Promise<boolean> {
      const inserted = await db.query(
        `INSERT INTO brand (id, name, title, interface_version, register_type, show_analysis, show_export,
           allow_pay, new_demand_mode, support_phone, customer_image, customer_wechat_image, privacy_policy_version)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
         ON CONFLICT (id) DO NOTHING RETURNING id`,
        [
          tenant.id,
          tenant.name,
          tenant.title,
          tenant.interfaceVersion,
          tenant.registerType,
          tenant.showAnalysis,
          tenant.showExport,
          tenant.allowPay,
          tenant.newDemandMode,
          tenant.supportPhone,
          tenant.customerImage,
          tenant.customerWechatImage,
          tenant.privacyPolicyVersion,
        ],
      );
      return inserted.length > 0;
    },

    /**
     * Follows the manifest's privacy-policy version, which ships with the client build (migration 0030); the row
     * is written only when the version changed, so an unchanged start does not move the config version.
     */
    async updatePrivacyPolicyVersion(id: string, version: string): Promise<void> {
      await db.query(
        'UPDATE brand SET privacy_policy_version = $2 WHERE id = $1 AND privacy_policy_version <> $2',
        [id, version],
      );
    },

    /** Which of these dictionaries the brand has no entry of. */
    async missingDictionaries(id: string, dictNames: readonly string[]): Promise<string[]> {
      const present = await db.query<{ dict_name: string }>(
        'SELECT DISTINCT dict_name FROM dictionary_entry WHERE brand_id = $1 AND dict_name = ANY($2::text[])',
        [id, [...dictNames]],
      );
      return dictNames.filter((name) => !present.some((row) => row.dict_name === name));
    },
  };
}
