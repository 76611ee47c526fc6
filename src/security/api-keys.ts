// API keys and roles. Keys are kept only as SHA-256 digests and compared in constant time
// (every configured key, every time), so neither timing nor logs reveal them.
import { hash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { ApiKeyConfig, Role } from '../config.js';
import { AppError } from '../errors.js';

export interface Principal {
  role: Role;
  /**
   * A short, non-secret name of the key (a digest prefix), for rate limits and idempotency scopes;
   * "open" without keys.
   */
  id: string;
}

/** What resolvers that check roles need of a request's context (composed in src/context.ts). */
export interface CallerContext {
  /** Who is calling (their API key's role). */
  readonly principal: Principal;
}

export const openPrincipal: Principal = { role: 'admin', id: 'open' };

// One call, no Hash object: a Hash is a native object with a weak handle, which every
// young-generation collection visits (rest/responses.ts says more).
const digest = (text: string): Buffer => hash('sha256', text, 'buffer');

export class ApiKeys {
  private readonly entries: { digest: Buffer; principal: Principal }[];

  constructor(keys: ApiKeyConfig[]) {
    this.entries = keys.map(({ key, role }) => {
      const keyDigest = digest(key);
      return { digest: keyDigest, principal: { role, id: `key-${keyDigest.toString('hex').slice(0, 12)}` } };
    });
  }

  get enabled(): boolean {
    return this.entries.length > 0;
  }

  /** The principal of a presented key, or null. */
  authenticate(presented: string | undefined): Principal | null {
    if (!this.enabled) return openPrincipal;
    if (!presented) return null;
    const candidate = digest(presented);
    let found: Principal | null = null;
    for (const entry of this.entries) {
      if (timingSafeEqual(entry.digest, candidate)) found = entry.principal;
    }
    return found;
  }
}

/** `Authorization: Bearer <key>` or `x-api-key: <key>`. */
export function presentedKey(request: FastifyRequest): string | undefined {
  const authorization = request.headers.authorization;
  if (typeof authorization === 'string') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (match) return match[1];
  }
  const header = request.headers['x-api-key'];
  return typeof header === 'string' && header !== '' ? header : undefined;
}

export function requireAdmin(principal: Principal): void {
  if (principal.role !== 'admin') throw new AppError('FORBIDDEN', 'This operation needs an admin key');
}
