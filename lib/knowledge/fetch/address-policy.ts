import { BlockList, isIP } from 'node:net';

// Addresses no ingestion may reach unless allowlisted: loopback, private (RFC 1918,
// ULA), link-local (incl. cloud metadata 169.254.169.254), CGNAT, "this network",
// documentation, benchmarking, multicast and reserved ranges.
const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15],
  ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128], ['::1', 128], ['64:ff9b:1::', 48], ['100::', 64], ['2001::', 23], ['2001:db8::', 32], ['2002::', 16],
  ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) blocked.addSubnet(net, bits, 'ipv6');

/** The IPv4 address hidden in an IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible or NAT64 (64:ff9b::/96) IPv6 address. */
export function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|::|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return undefined;
  const hi = parseInt(hex[1]!, 16);
  const lo = parseInt(hex[2]!, 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/** True when the address is one a server-side fetch must not reach. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedIpv4(bare);
  if (v4) return blocked.check(v4, 'ipv4');
  return blocked.check(bare, 'ipv6');
}

/** URL_ALLOWLIST entries: host names (`intranet.local`, `*.corp.example`), addresses or CIDR ranges. */
export function isAllowlisted(opts: { host: string; address?: string; allowlist: string[] }): boolean {
  const host = opts.host.toLowerCase().replace(/\.$/, '').replace(/^\[|\]$/g, '');
  for (const raw of opts.allowlist) {
    const entry = raw.toLowerCase().trim();
    if (!entry) continue;
    if (entry.startsWith('*.') && host.endsWith(entry.slice(1))) return true;
    if (entry === host) return true;
    const cidr = /^(.+)\/(\d{1,3})$/.exec(entry);
    const address = opts.address?.replace(/^\[|\]$/g, '');
    if (address && isIP(address)) {
      const list = new BlockList();
      const family = isIP(cidr ? cidr[1]! : entry) === 6 ? 'ipv6' : 'ipv4';
      try {
        if (cidr) list.addSubnet(cidr[1]!, Number(cidr[2]), family);
        else if (isIP(entry)) list.addAddress(entry, family);
        else continue;
        if (list.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4')) return true;
      } catch {}
    }
  }
  return false;
}
