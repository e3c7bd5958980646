import { describe, expect, it } from 'vitest';
import { embeddedIpv4, isAllowlisted, isPrivateAddress } from '@/lib/knowledge/fetch';

const hostOf = (url: string) => new URL(url).hostname.replace(/^\[|\]$/g, '');

describe('SSRF address policy', () => {
  it.each([
    'http://127.0.0.1/',
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://0x7f.1/',
    'http://127.1/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://[64:ff9b::7f00:1]/',
    'http://[64:ff9b::127.0.0.1]/',
    'http://0.0.0.0/',
    'http://10.1.2.3/',
    'http://172.16.0.1/',
    'http://192.168.1.1/',
    'http://169.254.169.254/',
    'http://100.64.0.1/',
    'http://[fd00:ec2::254]/',
    'http://[fe80::1]/',
    'http://[::]/',
    'http://224.0.0.1/',
  ])('refuses %s in whatever notation the URL parser normalises', (url) => {
    expect(isPrivateAddress(hostOf(url))).toBe(true);
  });

  it.each(['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', '8.8.8.8', '::ffff:8.8.8.8'])(
    'allows public %s',
    (ip) => {
      expect(isPrivateAddress(ip)).toBe(false);
    },
  );

  it('treats anything that is not an IP address as private (fail closed)', () => {
    expect(isPrivateAddress('localhost')).toBe(true);
  });

  it('reads the IPv4 inside mapped and NAT64 addresses', () => {
    expect(embeddedIpv4('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(embeddedIpv4('64:ff9b::a9fe:a9fe')).toBe('169.254.169.254');
    expect(embeddedIpv4('2001:db8::1')).toBeUndefined();
  });

  // RFC 2765 IPv4-translated (::ffff:0:a.b.c.d), NAT64 written out in full and 6to4 carry an IPv4
  // address as well; it is checked against the IPv4 rules.
  it.each([
    ['::ffff:0:7f00:1', '127.0.0.1'],
    ['::ffff:0:127.0.0.1', '127.0.0.1'],
    ['0:0:0:0:ffff:0:a9fe:a9fe', '169.254.169.254'],
    ['64:ff9b:0:0:0:0:a00:1', '10.0.0.1'],
    ['::ffff:127.0.0.1', '127.0.0.1'],
    ['2002:7f00:1::', '127.0.0.1'],
    ['2002:a9fe:a9fe:1::5', '169.254.169.254'],
  ])('reads the IPv4 in %s as %s', (v6, v4) => {
    expect(embeddedIpv4(v6)).toBe(v4);
  });

  it.each([
    'http://[::ffff:0:7f00:1]/',
    'http://[::ffff:0:127.0.0.1]/',
    'http://[0:0:0:0:ffff:0:a00:1]/',
    'http://[::ffff:0:a9fe:a9fe]/',
    'http://[64:ff9b:0:0:0:0:c0a8:101]/',
    'http://[2002:808:808::1]/',
  ])('refuses the IPv4-translated, NAT64 and 6to4 address %s', (url) => {
    expect(isPrivateAddress(hostOf(url))).toBe(true);
  });

  it('allows a public address carried in an IPv4-translated one', () => {
    expect(isPrivateAddress('::ffff:0:808:808')).toBe(false);
  });

  it('allowlists by host name, wildcard, address and CIDR', () => {
    const allowlist = ['intranet.local', '*.corp.example', '10.0.0.0/8', '127.0.0.1'];
    expect(isAllowlisted({ host: 'intranet.local.', allowlist })).toBe(true);
    expect(isAllowlisted({ host: 'wiki.corp.example', allowlist })).toBe(true);
    expect(isAllowlisted({ host: 'x', address: '10.9.8.7', allowlist })).toBe(true);
    expect(isAllowlisted({ host: 'x', address: '127.0.0.1', allowlist })).toBe(true);
    expect(isAllowlisted({ host: 'x', address: '127.0.0.2', allowlist })).toBe(false);
    expect(isAllowlisted({ host: 'evilcorp.example', allowlist })).toBe(false);
  });
});
