import { describe, expect, it } from 'vitest';
import { clientNetwork } from './client-network';

describe('clientNetwork', () => {
  it('keeps an IPv4 address and reads an IPv4-mapped IPv6 address as it', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const network = '2001:db8:aa:bb::/64';
    for (const address of [
      '2001:db8:aa:bb::1',
      '2001:0DB8:00AA:00BB:FFFF:FFFF:FFFF:FFFE',
      '2001:db8:aa:bb:1:2:3:4',
      '2001:db8:aa:bb::192.0.2.1',
      '2001:db8:aa:bb::9%eth0',
    ]) {
      expect(clientNetwork(address), address).toBe(network);
    }
    expect(clientNetwork('2001:db8:aa:bc::1')).toBe('2001:db8:aa:bc::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('leaves what is no IP address as it is', () => {
    expect(clientNetwork('unknown')).toBe('unknown');
  });
});
