// GET /graphiql: GraphiQL served from the installed npm packages (graphiql, react, react-dom) and
// this server alone, the explorer that works offline; Apollo Sandbox on GET /graphql needs
// Apollo's CDN (landing-page.ts). Registered only when GRAPHQL_SANDBOX is on.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import {
  graphiqlContentSecurityPolicy,
  graphiqlPageCss,
  graphiqlPageHtml,
  graphiqlStartScript,
} from './graphiql.page.js';

export const graphiqlPath = '/graphiql';
const assetsPath = `${graphiqlPath}/assets`;

interface Asset {
  path: string;
  contentType: string;
  body: Buffer;
  /** Compressed on its first request: most apps built (the tests') never serve it. */
  gzipped?: Promise<Buffer>;
}

const gzipped = promisify(gzip);
const javascript = 'text/javascript; charset=utf-8';
const css = 'text/css; charset=utf-8';

/**
 * An asset's URL holds a digest of its content, so browsers may keep it for a year: a new
 * package version is a new URL. The packages' `sourceMappingURL` comments are dropped, because
 * the maps are not served (6 MB) and developer tools would ask for them.
 */
function asset(name: string, extension: 'js' | 'css', text: string): Asset {
  const body = Buffer.from(text.replace(/\n\/[/*]# sourceMappingURL=\S+\s*$/, '\n'));
  const digest = createHash('sha256').update(body).digest('hex').slice(0, 16);
  return {
    path: `${assetsPath}/${name}-${digest}.${extension}`,
    contentType: extension === 'js' ? javascript : css,
    body,
  };
}

let loaded: { assets: Asset[]; page: string } | undefined;

/** Read once per process, on the first request for the page or an asset. */
function loadGraphiQL() {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  // React's "exports" map hides its UMD builds from require.resolve; package.json is exported.
  const file = (pkg: string, path: string) =>
    readFileSync(join(dirname(require.resolve(`${pkg}/package.json`)), path), 'utf8');
  const react = asset('react', 'js', file('react', 'umd/react.production.min.js'));
  const reactDom = asset('react-dom', 'js', file('react-dom', 'umd/react-dom.production.min.js'));
  const graphiql = asset('graphiql', 'js', file('graphiql', 'graphiql.min.js'));
  const graphiqlCss = asset('graphiql', 'css', file('graphiql', 'graphiql.min.css'));
  const pageCss = asset('page', 'css', graphiqlPageCss);
  const start = asset('start', 'js', graphiqlStartScript);
  loaded = {
    assets: [react, reactDom, graphiql, graphiqlCss, pageCss, start],
    page: graphiqlPageHtml({
      react: react.path,
      reactDom: reactDom.path,
      graphiql: graphiql.path,
      graphiqlCss: graphiqlCss.path,
      page: pageCss.path,
      start: start.path,
    }),
  };
  return loaded;
}

/**
 * The page and its assets are read on the first request for them, not at start: hashing the 4.5 MB
 * of packages took a tenth of a second of every start, and most processes never serve them.
 */
export function registerExplorerRoutes(app: FastifyInstance): void {
  app.get(graphiqlPath, async (_request, reply) =>
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', graphiqlContentSecurityPolicy)
      .header('cache-control', 'no-cache')
      .header('x-content-type-options', 'nosniff')
      .send(loadGraphiQL().page),
  );

  app.get(`${assetsPath}/:file`, async (request, reply) => {
    const item = loadGraphiQL().assets.find((candidate) => candidate.path === request.url.split('?')[0]);
    if (!item) return reply.callNotFound();
    void reply
      .header('content-type', item.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('vary', 'accept-encoding');
    // graphiql.min.js is 3.5 MB, under 1 MB gzipped.
    if (!/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.send(item.body);
    item.gzipped ??= gzipped(item.body);
    return reply.header('content-encoding', 'gzip').send(await item.gzipped);
  });
}
