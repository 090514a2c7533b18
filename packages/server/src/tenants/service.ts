import type { BrandManifest } from '@tender/brand';
import { seedCouponDefaults } from '../coupons/defaults';
import { cachedConfig, type DataVersions, readDataVersions, withDataVersions } from '../db/data-versions';
import type { Database } from '../db/database';
import { BusinessError } from '../http/business-error';
import { seedMembershipDefaults } from '../membership/queries';
import { messages } from '../messages';
import { seedOrderDefaults } from '../orders/defaults';
import { HOT_WORD_DICTIONARY } from '../search/hot-words';
import { defaultDictionaries, type SeedDictionaryEntry } from './default-dictionaries';
import { type Tenant, tenantQueries } from './queries';

function tenantFromManifest(manifest: BrandManifest): Tenant {
  return {
    id: manifest.id,
    name: manifest.name,
    title: manifest.title,
    interfaceVersion: manifest.interfaceVersion,
    registerType: manifest.registerType,
    showAnalysis: manifest.flags.analysis,
    showExport: manifest.flags.export,
    allowPay: manifest.flags.payment,
    newDemandMode: manifest.flags.newDemandMode,
    supportPhone: manifest.supportPhone ?? null,
    customerImage: manifest.customerService?.image ?? null,
    customerWechatImage: manifest.customerService?.wechatImage ?? null,
    privacyPolicyVersion: manifest.legal.privacyPolicyVersion,
  };
}

function flatten(entries: SeedDictionaryEntry[], parent: string | null = null) {
  return entries.flatMap(
    (entry, index): { value: string; label: string; parent: string | null; order: number }[] => [
      { value: entry.value, label: entry.label, parent, order: index },
      ...flatten(entry.children ?? [], entry.value),
    ],
  );
}

export function tenantService(db: Database) {
  const queries = tenantQueries(db);
  /** The tenant a request's `brand` parameter names; an unknown brand is a client mistake, not a crash. */
  async function resolve(brandId: string): Promise<Tenant> {
    const tenant = await cachedConfig(`brand:${brandId}`, () => queries.find(brandId));
    if (!tenant) throw new BusinessError(400, messages.unknownBrand(brandId));
    return tenant;
  }
  /** Runs a request's work at the data versions it read: brands, catalogues and holdings come from the caches. */
  function run<T>(versions: DataVersions, work: () => T): T {
    return withDataVersions(db, versions, work);
  }
  return {
    /**
     * Creates the tenant of every brand not yet in the database, with its default dictionaries. Brands already
     * there are left alone — after the first start the database, not the manifest, is the truth — except for the
     * privacy-policy version, which follows the manifest (the policy ships with the client build). Every brand
     * gets the member levels and privilege values, products, order settings and the first-login coupon activity
     * it is missing (existing rows are the operators').
     */
    async seed(manifests: readonly BrandManifest[]): Promise<string[]> {
      const created: string[] = [];
      for (const manifest of manifests) {
        const tenant = tenantFromManifest(manifest);
        await db.transaction(async (tx) => {
          const inserted = await tenantQueries(tx).insertIfMissing(tenant);
          await tenantQueries(tx).updatePrivacyPolicyVersion(tenant.id, tenant.privacyPolicyVersion);
          await seedMembershipDefaults(tx, tenant.id);
          await seedOrderDefaults(tx, tenant.id);
          await seedCouponDefaults(tx, tenant.id);
          const dictionaries = defaultDictionaries(
            tenant.supportPhone,
            manifest.hotSearchWords ?? messages.search.defaultHotWords,
          );
          // A brand that predates a dictionary gets that one alone (the others stay the operators').
          const missing = inserted
            ? Object.keys(dictionaries)
            : await tenantQueries(tx).missingDictionaries(tenant.id, [HOT_WORD_DICTIONARY]);
          for (const dictName of missing) {
            for (const entry of flatten(dictionaries[dictName] ?? [])) {
              await tx.query(
                `INSERT INTO dictionary_entry (brand_id, dict_name, value, label, parent_value, sort_order)
                 VALUES ($1, $2, $3, $4, $5, $6)`,
                [tenant.id, dictName, entry.value, entry.label, entry.parent, entry.order],
              );
            }
          }
          if (!inserted) return;
          created.push(tenant.id);
        });
      }
      return created;
    },

    resolve,
    run,
    /** The data versions now: for a request without a session, in place of the ones its session gives. */
    readVersions: () => readDataVersions(db),
    /** `resolve` at the current version, for a call outside a request's scope. */
    async resolveNow(brandId: string): Promise<Tenant> {
      const versions = await readDataVersions(db);
      return run(versions, () => resolve(brandId));
    },

    list: queries.list,
  };
}

export type TenantService = ReturnType<typeof tenantService>;
