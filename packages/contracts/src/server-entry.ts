// `@tender/contracts/server`: what only the server and its tests use — every endpoint (`API_ENDPOINTS`, which the
// hardening matrices and docs/api.md walk) and the 即将到期 endpoints (also `@tender/contracts/renewal`, which the web client's lazy screen imports). A separate entry
// because the web client binds every export of the main entry: these would otherwise count against /login's budget.
export { API_ENDPOINTS } from './api-endpoints';
export * from './renewal-entry';
