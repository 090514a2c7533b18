export { API_ENDPOINTS } from './api-endpoints';
export type {
  EndpointAccess,
  EndpointDefinition,
  EndpointError,
  EndpointRequest,
  EndpointResponse,
} from './endpoint';
export { defineEndpoint } from './endpoint';
export { dictDetailEndpoint } from './endpoints/catalog';
export { healthEndpoint } from './endpoints/health';
export type { Envelope } from './envelope';
export { envelopeSchema } from './envelope';
export type { GlobalParams } from './global-params';
export { globalParamsSchema } from './global-params';
export { memberCodeSchema } from './member-codes';
export type { MemberPrivileges, PrivilegeKey } from './privileges';
export { memberPrivilegesSchema, PRIVILEGE_KEYS, privilegeValueSchema } from './privileges';
