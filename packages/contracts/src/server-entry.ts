// `@tender/contracts/server`: what only the server and its tests use — every endpoint (`API_ENDPOINTS`, which the
// hardening matrices and docs/api.md walk) and the endpoints no web screen calls yet (即将到期). A separate entry
// because the web client binds every export of the main entry: these would otherwise count against /login's budget.
export { API_ENDPOINTS } from './api-endpoints';
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
