// `@tender/contracts/renewal`: the 即将到期 endpoints, for the web client's lazily loaded 即将到期 screen (and the
// server). Not in the main entry: the web client binds every export of that one whole, and /login's bundle has
// no room for them.
export type {
  ExpiringContract,
  ExpiringContractPage,
  RenewalSubscription,
} from './endpoints/renewal';
export {
  DEFAULT_EXPIRING_WITHIN_DAYS,
  expiringContractPageSchema,
  expiringContractSchema,
  expiringContractsEndpoint,
  MAX_EXPIRING_WITHIN_DAYS,
  renewalSubscriptionDeleteEndpoint,
  renewalSubscriptionGetEndpoint,
  renewalSubscriptionMatchesEndpoint,
  renewalSubscriptionSaveEndpoint,
  renewalSubscriptionSchema,
} from './endpoints/renewal';
