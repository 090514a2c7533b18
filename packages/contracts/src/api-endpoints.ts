import type { EndpointDefinition } from './endpoint';
import { dictDetailEndpoint } from './endpoints/catalog';

/**
 * Every endpoint under /webchat, in the order docs/api.md lists them. A test proves the server serves each one and
 * that docs/api.md is generated from this list.
 */
export const API_ENDPOINTS: readonly EndpointDefinition[] = [dictDetailEndpoint];
