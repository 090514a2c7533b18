import { describe, expect, it } from 'vitest';
import { scrubEvent, scrubText } from './error-reporting';

const TOKEN = 'f3c2a1b0e9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4';

describe('error reports from the browser', () => {
  it('carry no phone number or token, and keep the rest', () => {
    expect(scrubText('手机号 13812345678 验证失败')).toBe('手机号 [手机号] 验证失败');
    expect(scrubText(`/webchat/api/x?token=${TOKEN}&brand=alpha`)).toBe(
      '/webchat/api/x?token=[REDACTED]&brand=alpha',
    );
    expect(scrubText('订单 202611280001')).toBe('订单 202611280001');
  });

  it('scrub every string of an event, drop credential headers and keep Sentry’s ids', () => {
    const event = {
      event_id: 'ea30c6d8920d478fa5e7244c39c3b706',
      message: `登录 13912345678 失败`,
      request: {
        url: `https://www.example.cn/#/login?t=${TOKEN}`,
        headers: { Authorization: `Bearer ${TOKEN}`, Accept: '*/*' },
      },
      breadcrumbs: [{ message: `POST /webchat/api/login/messageLogin mobile=13712345678 Bearer ${TOKEN}` }],
    };
    const scrubbed = scrubEvent(event);
    expect(scrubbed.event_id).toBe(event.event_id);
    expect(scrubbed.request.headers).toEqual({ Accept: '*/*' });
    const text = JSON.stringify(scrubbed);
    expect(text).not.toMatch(/1[3-9]\d{9}/);
    expect(text).not.toContain(TOKEN);
    expect(scrubbed.message).toBe('登录 [手机号] 失败');
  });
});
