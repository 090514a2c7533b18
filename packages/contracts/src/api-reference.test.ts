import { describe, expect, it } from 'vitest';
import { API_ENDPOINTS } from './api-endpoints';
import { renderApiReference } from './api-reference';

describe('API reference', () => {
  it('lists each endpoint once', () => {
    const keys = API_ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('is what docs/api.md says (regenerate with `npx vitest run api-reference -u`)', async () => {
    await expect(renderApiReference(API_ENDPOINTS)).toMatchFileSnapshot('../../../docs/api.md');
  });
});
