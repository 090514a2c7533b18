import type { ApiClient } from '@tender/api-client';
import { getPermissionNumEndpoint } from '@tender/contracts';
import { permissionJumpLanding } from '@tender/domain';
import type { ProjectQueryAnswer } from '@tender/permission-dialogs';

/**
 * The "project query" of spec §2 step 3 and §4 (the spec does not name the call; docs/adr/0010): the bidding
 * subscription privilege of the signed-in user. Code 200 with data -1 (unlimited) means Bidding, anything else
 * Upfront. A refusal or failure answers its code.
 */
export async function queryProject(client: ApiClient): Promise<ProjectQueryAnswer> {
  try {
    const pass = await client.call(
      getPermissionNumEndpoint,
      { type: 'subscribeZhaobiao' },
      { handleCodes: [403], silent: true },
    );
    return { code: 200, data: pass.limit };
  } catch {
    return { code: 'failed' };
  }
}

/** spec §2 step 3: where a signed-in visit to /login goes. */
export async function permissionJump(client: ApiClient): Promise<string> {
  const answer = await queryProject(client);
  return permissionJumpLanding(String(answer.code) === '200' ? answer.data : undefined);
}
