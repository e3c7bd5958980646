import { BlockList, isIP } from 'node:net';

// Addresses no ingestion may reach unless allowlisted: loopback, private (RFC 1918,
// ULA), link-local (incl. cloud metadata 169.254.169.254), CGNAT, "this network",
// documentation, benchmarking, multicast and reserved ranges.
const blocked = new BlockList();
for (const [net, bits] of [
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
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** An IPv6 address as its 16 bytes (dotted IPv4 tail and `::` allowed); undefined when it is not one. */
function ipv6Bytes(address: string): number[] | undefined {
  if (isIP(address) !== 6) return undefined;
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const left = groups(head);
  const right = groups(tail);
  const hextets =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return hextets.flatMap((h) => [parseInt(h, 16) >> 8, parseInt(h, 16) & 255]);
}

const zero = (bytes: number[]) => bytes.every((b) => b === 0);

/**
 * The IPv4 address an IPv6 address carries, which a gateway on the path may connect to:
 * IPv4-mapped (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d, RFC 2765),
 * IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::/96) and 6to4 (2002:AABB:CCDD::/48).
 */
export function embeddedIpv4(address: string): string | undefined {
  const bytes = ipv6Bytes(address);
  if (!bytes) return undefined;
  const v4 = (at: number) => bytes.slice(at, at + 4).join('.');
  const ffff = (at: number) => bytes[at] === 0xff && bytes[at + 1] === 0xff;
  if (zero(bytes.slice(0, 10)) && ffff(10)) return v4(12);
  if (zero(bytes.slice(0, 8)) && ffff(8) && zero(bytes.slice(10, 12))) return v4(12);
  if (zero(bytes.slice(0, 12))) return v4(12);
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zero(bytes.slice(4, 12)))
    return v4(12);
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return v4(2);
  return undefined;
}

/** True when the address is one a server-side fetch must not reach. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family !== 6) return true;
  // Both rules apply: a carried IPv4 address must be public, and so must the IPv6 range
  // (6to4 stays refused as a whole, whatever address it carries).
  const v4 = embeddedIpv4(bare);
  return (v4 !== undefined && blocked.check(v4, 'ipv4')) || blocked.check(bare, 'ipv6');
}

/** URL_ALLOWLIST entries: host names (`intranet.local`, `*.corp.example`), addresses or CIDR ranges. */
export function isAllowlisted(opts: { host: string; address?: string; allowlist: string[] }): boolean {
  const host = opts.host
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^\[|\]$/g, '');
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
