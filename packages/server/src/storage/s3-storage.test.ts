import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app';
import { readXlsx } from '../export/xlsx-reader';
import { hanWord, importRecords, tenderRecord } from '../subscriptions/test-fixtures';
import { testDatabaseTargets } from '../test-support/databases';
import { type FakeS3, startFakeS3 } from '../test-support/fake-s3';
import { callAs, grant, type MemberTestUser, newMember } from '../test-support/membership-fixtures';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { fileStores, s3Client } from './file-store';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe.each(testDatabaseTargets())('STORAGE=s3 with two API nodes on $name', (target) => {
  let s3: FakeS3;
  /** Node A: the calls that write. */
  let server: TestServer;
  /** Node B: another API node on the same database and bucket, without A's disk. */
  let other: FastifyInstance;
  const dir = mkdtempSync(join(tmpdir(), 'tender-s3-test-'));

  beforeAll(async () => {
    s3 = await startFakeS3();
    server = await startTestServer(target, [], { files: fileStores({ kind: 's3', settings: s3.settings }) });
    other = await buildServer({
      db: server.db,
      sites: [],
      defaultBrand: 'alpha',
      clock: server.clock.now,
      devMode: true,
      files: fileStores({ kind: 's3', settings: s3.settings }),
    });
  });
  afterAll(async () => {
    await other.close();
    await server.close();
    await s3.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function bucketKeys(): Promise<string[]> {
    const listed = await s3Client(s3.settings).send(new ListObjectsV2Command({ Bucket: s3.settings.bucket }));
    return (listed.Contents ?? []).map((object) => object.Key ?? '');
  }

  function uploadAvatar(member: MemberTestUser) {
    const boundary = '----s3-test-boundary';
    return server.app.inject({
      method: 'POST',
      url: '/webchat/api/upload/avatar?brand=alpha&version=20',
      headers: { ...member.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        PNG,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
  }

  it('serves an export written by one node through the other, to its owner only', {
    timeout: 60_000,
  }, async () => {
    const word = hanWord(4);
    await importRecords(server, dir, [
      tenderRecord({ title: `${word}办公家具采购公开招标公告` }),
      tenderRecord({ title: `${word}监控设备维修服务采购公告` }),
    ]);
    const owner = await newMember(server, 'alpha');
    await grant(server, owner, 'qiyetong', 12);
    const ordered = await callAs(server, owner, 'POST', '/webchat/api/project/dataExportOrder', {
      keyword: word,
      searchType: 20,
    });
    expect(ordered.code, ordered.message).toBe(200);
    const id = ordered.data.record.id as number;
    let status = 'running';
    for (let attempt = 0; attempt < 200 && status === 'running'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = (await callAs(server, owner, 'GET', '/webchat/api/project/getNowNumStatus', { id })).data
        .status;
    }
    expect(status).toBe('done');
    expect(await bucketKeys()).toContain(`exports/${id}.xlsx`);

    const download = (user: MemberTestUser) =>
      other.inject({
        method: 'GET',
        url: `/webchat/api/project/exportFile?id=${id}&brand=alpha&version=20`,
        headers: user.headers,
      });
    const answer = await download(owner);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('spreadsheetml');
    expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
    const [, ...rows] = readXlsx(answer.rawPayload)[0]?.rows ?? [];
    const titles = rows.map((row) => row[2]).sort();
    expect(titles).toEqual([`${word}办公家具采购公开招标公告`, `${word}监控设备维修服务采购公告`]);

    // The same ownership check as on the local disk: another member is told there is no such export.
    const stranger = await newMember(server, 'alpha');
    expect((await download(stranger)).json().code).toBe(404);
  });

  it('serves an avatar uploaded on one node from the other, and removes the one replaced', async () => {
    const member = await newMember(server, 'alpha');
    const first = await uploadAvatar(member);
    expect(first.json().code).toBe(200);
    const firstPath = new URL(first.json().data.headimgurl).pathname;
    const served = await other.inject({ method: 'GET', url: firstPath });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const second = await uploadAvatar(member);
    const secondPath = new URL(second.json().data.headimgurl).pathname;
    expect((await other.inject({ method: 'GET', url: secondPath })).statusCode).toBe(200);
    expect((await other.inject({ method: 'GET', url: firstPath })).statusCode).toBe(404);
    const keys = await bucketKeys();
    expect(keys).toContain(`avatars/${secondPath.split('/avatars/')[1]}`);
    expect(keys).not.toContain(`avatars/${firstPath.split('/avatars/')[1]}`);
  });

  it('answers 404 for a name the store never wrote, without asking the bucket for it', async () => {
    expect(
      (
        await other.inject({
          method: 'GET',
          url: '/webchat/uploads/avatars/alpha/..%2F..%2Fexports%2F1.xlsx',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await other.inject({ method: 'GET', url: '/webchat/uploads/avatars/alpha/1-0000000000000000.png' }))
        .statusCode,
    ).toBe(404);
  });
});
