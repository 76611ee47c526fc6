// The SSRF guard of webhook URLs, checked when an endpoint is saved and by the delivery worker
// before each POST: the gateway must not become a way to reach what only it can reach (its own
// loopback, the private network, a cloud's metadata service at 169.254.169.254). A URL passes when
// it is http(s) without credentials and EVERY address its host resolves to is public: one private
// address among public ones would let a resolver pick it.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { AppError } from '../errors.js';
import { within } from '../timing.js';

const maxWebhookUrlLength = 2048;
/** getaddrinfo can hang on a dead resolver; an answer later than this is no answer. */
const lookupTimeoutMs = 5_000;

/** [network, prefix length]: loopback, private, link-local, unspecified, CGNAT, multicast, reserved. */
const blockedIpv4: readonly [string, number][] = [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 included
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, 255.255.255.255 included
];

const blockedIpv6: readonly [string, number][] = [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible addresses
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard-only
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (private)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

/**
 * IPv6 prefixes that carry an IPv4 address, checked as that address: [network, prefix, bit offset
 * of the IPv4 address].
 */
const ipv4Carriers: readonly [string, number, number][] = [
  ['::ffff:0:0', 96, 96], // IPv4-mapped
  ['::ffff:0:0:0', 96, 96], // IPv4-translated (SIIT)
  ['64:ff9b::', 96, 96], // NAT64
  ['2002::', 16, 16], // 6to4
];

function ipv4Value(address: string): number {
  return address.split('.').reduce((value, octet) => value * 256 + Number(octet), 0);
}

function hextets(part: string): number[] {
  if (part === '') return [];
  return part.split(':').flatMap((group) => {
    if (!group.includes('.')) return [Number.parseInt(group, 16)];
    const v4 = ipv4Value(group);
    return [Math.floor(v4 / 65_536), v4 % 65_536];
  });
}

/** A well-formed IPv6 address (zone removed) as a 128-bit number. */
function ipv6Value(address: string): bigint {
  const [left = '', right] = address.split('::');
  const head = hextets(left);
  const tail = right === undefined ? [] : hextets(right);
  const groups =
    right === undefined ? head : [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
  return groups.reduce((value, group) => (value << 16n) | BigInt(group), 0n);
}

const inIpv4 = (value: number, [network, prefix]: readonly [string, number]) =>
  Math.floor(value / 2 ** (32 - prefix)) === Math.floor(ipv4Value(network) / 2 ** (32 - prefix));

const inIpv6 = (value: bigint, network: string, prefix: number) =>
  value >> BigInt(128 - prefix) === ipv6Value(network) >> BigInt(128 - prefix);

/** Whether a webhook may be sent to this address (an IPv4 or IPv6 literal, as lookup answers). */
export function isPublicAddress(address: string): boolean {
  const plain = address.split('%')[0] ?? '';
  const family = isIP(plain);
  if (family === 4) {
    const value = ipv4Value(plain);
    return !blockedIpv4.some((range) => inIpv4(value, range));
  }
  if (family !== 6) return false;
  const value = ipv6Value(plain);
  for (const [network, prefix, offset] of ipv4Carriers) {
    if (!inIpv6(value, network, prefix)) continue;
    const v4 = Number((value >> BigInt(128 - offset - 32)) & 0xffff_ffffn);
    return !blockedIpv4.some((range) => inIpv4(v4, range));
  }
  return !blockedIpv6.some(([network, prefix]) => inIpv6(value, network, prefix));
}

function refuse(message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { field: 'url' });
}

async function resolve(host: string): Promise<string[]> {
  const answers = await within(lookup(host, { all: true, verbatim: true }), lookupTimeoutMs);
  return answers?.value.map((answer) => answer.address) ?? [];
}

/**
 * The URL a webhook may be sent to, or 400 VALIDATION_FAILED (`details.field` "url"): http or
 * https, no user name or password, a host that resolves, and (unless `allowPrivate`) only to
 * public addresses.
 */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<URL> {
  return (await vetWebhookUrl(raw, allowPrivate)).url;
}

/**
 * checkWebhookUrl, with the addresses it vetted: the delivery worker connects to one of these and
 * to nothing else, so a DNS answer that changes between the check and the connection (rebinding)
 * cannot lead the POST to another address.
 */
export async function vetWebhookUrl(raw: string, allowPrivate: boolean): Promise<{ url: URL; addresses: string[] }> {
  if (raw.length > maxWebhookUrlLength) throw refuse(`url must be at most ${maxWebhookUrlLength} characters`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse('url must be an absolute http or https URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refuse('url must be an http or https URL');
  if (url.username !== '' || url.password !== '') throw refuse('url must not contain a user name or password');
  // IPv6 literals come bracketed ([::1]); lookup answers a literal without asking DNS.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const addresses = await resolve(host);
  if (addresses.length === 0) throw refuse(`url's host ${host.slice(0, 255)} does not resolve`);
  if (!allowPrivate && !addresses.every(isPublicAddress)) {
    throw refuse(
      "url's host resolves to a loopback, private, link-local or otherwise reserved address " +
        '(WEBHOOK_ALLOW_PRIVATE_URLS=true allows them)',
    );
  }
  return { url, addresses };
}
