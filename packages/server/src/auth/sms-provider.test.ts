import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { consoleSmsProvider, DevOutbox } from './sms-provider';

/** A real pino logger whose lines the test reads back. */
function capturedLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(
        ...chunk
          .toString('utf8')
          .split('\n')
          .filter((line) => line !== ''),
      );
      done();
    },
  });
  return { log: pino(stream), lines };
}

const message = { brand: 'alpha', mobile: '13812345678', code: '493817', purpose: 'login' } as const;

describe('the console SMS provider', () => {
  it('writes the code to the log in dev mode', async () => {
    const { log, lines } = capturedLog();
    const outbox = new DevOutbox();
    await consoleSmsProvider(log, outbox, () => new Date(), true).send(message);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] as string)).toMatchObject({
      msg: 'SMS verification code (console provider, not sent)',
      mobile: '13812345678',
      code: '493817',
    });
    expect(outbox.last('alpha', '13812345678')?.code).toBe('493817');
  });

  it('outside dev mode logs that a code was not sent, without the code or the whole phone number', async () => {
    const { log, lines } = capturedLog();
    await consoleSmsProvider(log, undefined, () => new Date(), false).send(message);
    expect(lines).toHaveLength(1);
    const line = lines[0] as string;
    expect(JSON.parse(line)).toEqual(
      expect.objectContaining({
        msg: 'SMS verification code not sent (console provider; the code is logged only with TENDER_DEV=1)',
        brand: 'alpha',
        mobile: '138****5678',
        purpose: 'login',
      }),
    );
    expect(line).not.toContain('493817');
    expect(line).not.toContain('13812345678');
  });
});
