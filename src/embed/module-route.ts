// A browser module's route (bundle.ts): the player at GET /embed/shoppable-media.js, the studio's
// script at GET /studio/studio.js. Public (no API key: a <script> sends none) and readable from any
// origin: a module script from another origin is fetched in CORS mode, so without
// Access-Control-Allow-Origin no shop's page could run it. Cached for 5 minutes, then revalidated
// by its ETag: a new build reaches pages within minutes, a 304 otherwise. The gzipped and the plain
// answers are two representations, each with its own strong ETag (a digest of its bytes), so that
// a cache never takes one for the other (RFC 9110, 8.8.3) and If-None-Match matches the one sent.
import type { FastifyInstance } from 'fastify';
import { contentTag } from '../rest/responses.js';
import { loadBundle, type Bundle, type BundleSpec } from './bundle.js';

type Served = Bundle & { etag: string; gzippedEtag: string };

/** Each module and the ETags of its two forms, made once per process: the tests build many apps. */
const loaded = new Map<string, Promise<Served>>();

/** Whether Accept-Encoding takes gzip: named (or `*`) without `q=0`. */
export function acceptsGzip(header: string | undefined): boolean {
  let gzip: boolean | undefined;
  let any = false;
  for (const entry of (header ?? '').toLowerCase().split(',')) {
    const [name = '', ...parameters] = entry.split(';').map((part) => part.trim());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const accepted = q === undefined || Number(q.slice(2)) > 0;
    if (name === 'gzip' || name === 'x-gzip') gzip = accepted;
    else if (name === '*') any = accepted;
  }
  return gzip ?? any;
}

/** The module, loaded (or built) once; a failure is tried again by the next app. */
async function served(spec: BundleSpec): Promise<Served> {
  let module = loaded.get(spec.name);
  if (!module) {
    module = loadBundle(spec).then((bundle) => ({
      ...bundle,
      etag: `"${contentTag(bundle.code)}"`,
      gzippedEtag: `"${contentTag(bundle.gzipped)}"`,
    }));
    loaded.set(spec.name, module);
  }
  return module.catch((error: unknown) => {
    loaded.delete(spec.name);
    throw error;
  });
}

/** Registers GET `path` answering the module of `spec`. */
export async function registerModuleRoute(app: FastifyInstance, path: string, spec: BundleSpec): Promise<void> {
  const { code: body, gzipped, etag: plainEtag, gzippedEtag } = await served(spec);
  app.get(path, { schema: { hide: true } }, async (request, reply) => {
    const gzip = acceptsGzip(request.headers['accept-encoding']);
    const etag = gzip ? gzippedEtag : plainEtag;
    void reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .header('etag', etag)
      .header('access-control-allow-origin', '*')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('x-content-type-options', 'nosniff')
      .header('vary', 'accept-encoding');
    if (
      request.headers['if-none-match']?.split(',').some((tag) => ['*', etag].includes(tag.trim().replace(/^W\//, '')))
    )
      return reply.code(304).send();
    return gzip ? reply.header('content-encoding', 'gzip').send(gzipped) : reply.send(body);
  });
}
