import ipaddr from 'ipaddr.js';

/**
 * Cloud metadata services, named apart so a refusal says so (each also falls in a refused range:
 * link-local, CGNAT, reserved or unique-local).
 */
const metadataAddresses = new Set([
  '169.254.169.254',
  '169.254.170.2',
  '169.254.169.253',
  '100.100.100.200',
  '192.0.0.192',
  'fd00:ec2::254',
]);

/** ipaddr.js range names, as a refusal says them. Every range but `unicast` (public) is refused. */
const rangeNames: Record<string, string> = {
  loopback: 'a loopback address',
  private: 'a private address',
  uniqueLocal: 'a private address',
  linkLocal: 'a link-local address',
  carrierGradeNat: 'a carrier-grade NAT address',
  multicast: 'a multicast address',
  broadcast: 'a broadcast address',
  unspecified: 'an unspecified address',
};

/** The only IPv6 addresses the api connects to: global unicast (RFC 4291), nothing IPv4-compatible or unassigned. */
const globalUnicastIpv6 = ipaddr.parseCIDR('2000::/3');

/** The address without the brackets a URL puts around IPv6. */
export const unbracket = (host: string): string =>
  host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;

/** True for an IPv4 or IPv6 literal in any form ipaddr.js reads (0x7f000001, 2130706433, 127.1, ::ffff:127.0.0.1). */
export function isIpLiteral(host: string): boolean {
  return ipaddr.isValid(unbracket(host));
}

/**
 * Why the api may not connect to this address, or undefined when it is a public unicast address
 * (IPv6: only global unicast, 2000::/3). IPv4-mapped IPv6 is judged as the IPv4 it carries; NAT64, 6to4 and Teredo (which embed other
 * addresses) are refused as reserved, and so is anything that does not parse.
 */
export function refusedAddressReason(address: string): string | undefined {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(unbracket(address));
  } catch {
    return 'not an IP address';
  }
  const normal = parsed.toNormalizedString();
  if (metadataAddresses.has(parsed.toString()) || metadataAddresses.has(normal))
    return 'a cloud metadata address';
  const range = parsed.range();
  // ipaddr.js calls every IPv6 address of no special range unicast, ::7f00:1 ([::127.0.0.1] in a URL) too
  if (parsed.kind() === 'ipv6' && range === 'unicast' && !parsed.match(globalUnicastIpv6))
    return 'not a global unicast address';
  if (range === 'unicast') return undefined;
  return rangeNames[range] ?? `a reserved address (${range})`;
}
