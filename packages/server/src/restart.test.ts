import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPGlite } from './db/pglite';
import { newMobile, signIn } from './test-support/sign-in';
import { startTestServer } from './test-support/test-server';

describe('embedded database across a restart', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tender-restart-'));
  const target = { name: 'pglite' as const, open: () => openPGlite(dataDir) };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps users and sessions, and refuses a second server on the same data directory', async () => {
    const first = await startTestServer(target);
    const mobile = newMobile();
    const { headers } = await signIn(first, 'alpha', mobile, { remember: true });
    await expect(startTestServer(target)).rejects.toThrow(/正被进程 \d+ 使用/);
    await first.close();

    const second = await startTestServer(target);
    const response = await second.app.inject({
      method: 'GET',
      url: '/webchat/api/userCenter?brand=alpha&version=20',
      headers,
    });
    expect(response.json()).toMatchObject({ code: 200, data: { mobile } });
    await second.close();
  });
});
