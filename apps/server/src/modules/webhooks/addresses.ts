import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** One address a host name resolved to. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has, as the operating system would (hosts file, then DNS). */
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolve: Resolve = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));

/**
 * Addresses a seller's webhook must never reach (docs/decisions/0015): they would let anyone with a
 * seller account make the server call into its own network or the cloud's metadata service.
 */
const notPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  notPublic.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  // The unspecified and loopback addresses, and the deprecated IPv4-compatible ones (::a.b.c.d).
  ['::', 96],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const) {
  notPublic.addSubnet(network, prefix, 'ipv6');
}

/** True for an address that is loopback, private, link-local, unique-local, CGNAT, multicast, reserved or unparsable. */
export function isForbiddenAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const version = isIP(bare);
  if (version === 4) return notPublic.check(bare, 'ipv4');
  // BlockList checks an IPv4-mapped address (::ffff:127.0.0.1, ::ffff:7f00:1) against the IPv4 rules too.
  return version === 6 ? notPublic.check(bare, 'ipv6') : true;
}

/** Why a host may not be called, or the address to call it at: resolved once, so a second answer cannot swap it. */
export type AddressCheck = { ok: true; address: ResolvedAddress } | { ok: false; reason: string };

export async function checkHost(hostname: string, allowPrivate: boolean, resolve: Resolve): Promise<AddressCheck> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  let addresses: ResolvedAddress[];
  try {
    const version = isIP(bare);
    addresses = version === 0 ? await resolve(bare) : [{ address: bare, family: version === 6 ? 6 : 4 }];
  } catch (error) {
    return { ok: false, reason: `${hostname} could not be resolved (${error instanceof Error ? error.message : String(error)})` };
  }
  if (addresses.length === 0) return { ok: false, reason: `${hostname} has no address` };
  if (!allowPrivate) {
    // One private address among public ones is refused too: which one a client picks is not ours to choose.
    const forbidden = addresses.find(({ address }) => isForbiddenAddress(address));
    if (forbidden) return { ok: false, reason: `${hostname} resolves to ${forbidden.address}, which is not a public address` };
  }
  return { ok: true, address: addresses[0]! };
}
