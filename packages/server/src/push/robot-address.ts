import { BlockList, isIP } from 'node:net';

/**
 * The addresses a group robot's host may not resolve to (docs/operations.md, Security): loopback, private,
 * shared, link-local, documentation, benchmark, multicast and reserved ranges (IANA special-purpose registries),
 * and every IPv6 form that carries an IPv4 address (mapped, NAT64, 6to4, Teredo), so that a DNS answer cannot
 * point a webhook at this machine, the internal network or a cloud metadata service.
 */
const notPublicIpv4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  notPublicIpv4.addSubnet(network, prefix, 'ipv4');
}
// A list of its own: a BlockList checks IPv4 addresses against its IPv6 rules too, as if mapped (::ffff:0:0/96).
const notPublicIpv6 = new BlockList();
for (const [network, prefix] of [
  // Reserved by the IETF: the unspecified and loopback addresses, IPv4-compatible, -mapped and -translated forms.
  ['::', 8],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['3fff::', 20],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  notPublicIpv6.addSubnet(network, prefix, 'ipv6');
}

/** Whether a robot's host may resolve to this address: an IP literal outside every range above. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  // a zone index (fe80::1%eth0) names an interface of this machine
  if (family === 0 || address.includes('%')) return false;
  return family === 4 ? !notPublicIpv4.check(address, 'ipv4') : !notPublicIpv6.check(address, 'ipv6');
}
