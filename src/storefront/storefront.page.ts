// The demo storefront's page at GET /: the player (src/embed/player) on the catalog's media, a
// snippet to copy, links to the explorers. A plain page (embed/page.ts): its only script is the
// player's module, its only style the block below.
import type { MediaKind } from '../catalog/catalog.model.js';
import { escapeHtml, pageContentSecurityPolicy } from '../embed/page.js';

export interface ShowcaseItem {
  kind: MediaKind;
  id: number;
  slug: string;
}

export interface StorefrontPage {
  /** This gateway's origin as the browser sees it (for the snippet). */
  origin: string;
  /** The player's module, a path on this gateway. */
  playerPath: string;
  items: ShowcaseItem[];
  /** A client key the player sends, when the gateway needs one (a publishable key: the page shows it). */
  apiKey: string | null;
  /** Whether GraphiQL is served (GRAPHQL_SANDBOX). */
  graphiql: boolean;
}

const pageCss = `
:root { color-scheme: light; --shoppable-accent: #1f5f4a; }
body {
  margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: #1b1b1b; background: #f6f5f2;
}
header, main, footer { max-width: 72rem; margin: 0 auto; padding: 1rem 1.25rem; }
header { padding-top: 2rem; }
h1 { margin: 0 0 .25rem; font-size: 1.9rem; }
.lead { margin: 0; color: #3b3b3b; }
nav ul { display: flex; gap: 1.25rem; list-style: none; margin: 1rem 0 0; padding: 0; }
a { color: #1f5f4a; }
a:focus-visible { outline: 3px solid #1f5f4a; outline-offset: 2px; }
.media {
  display: grid; gap: 2rem; grid-template-columns: repeat(auto-fit, minmax(min(100%, 24rem), 1fr)); align-items: start;
}
section > h2 { font-size: 1.25rem; margin: 0 0 .75rem; }
pre {
  white-space: pre-wrap; overflow-wrap: anywhere;
  padding: 1rem; background: #fff; border: 1px solid #c9c6bd; border-radius: 6px; font-size: .9rem;
}
.empty { padding: 1rem; background: #fff; border: 1px solid #c9c6bd; border-radius: 6px; }
`;

export const storefrontContentSecurityPolicy = pageContentSecurityPolicy(pageCss);

const lead =
  "Shoppable media from this gateway's catalog: pick a product in the picture or while the video plays, " +
  'put items from two stores in one cart and place the orders.';
const noPlacements =
  '<p class="empty">No media item has placements yet: ' +
  'import a catalog whose media have <code>placements</code>, then reload.</p>';
const embedHint =
  "Paste this on any page; the player talks to this gateway's GraphQL API " +
  "(allow your site's origin with <code>CORS_ORIGINS</code>).";

const titles: Record<MediaKind, string> = { image: 'Shop the look', video: 'Shop the video' };

/** The element for one media item, as the page embeds it and as the snippet shows it. */
function element(item: ShowcaseItem, apiKey: string | null, endpoint?: string): string {
  const attributes = [`kind="${item.kind}"`, `slug="${escapeHtml(item.slug)}"`];
  if (endpoint) attributes.push(`endpoint="${escapeHtml(endpoint)}"`);
  if (apiKey) attributes.push(`api-key="${escapeHtml(apiKey)}"`);
  return `<shoppable-media ${attributes.join(' ')}></shoppable-media>`;
}

export function storefrontPageHtml(page: StorefrontPage): string {
  const sections = page.items.map(
    (item) => `<section aria-labelledby="media-${item.id}"><h2 id="media-${item.id}">${titles[item.kind]}</h2>
${element(item, page.apiKey)}
</section>`,
  );
  const example = page.items.at(-1) ?? { kind: 'video' as const, id: 0, slug: 'your-video-slug' };
  const snippet =
    `<script type="module" src="${page.origin}${page.playerPath}"></script>\n` + element(example, page.apiKey);
  const links = [
    page.graphiql ? '<li><a href="/graphiql">GraphiQL: try the GraphQL API</a></li>' : '',
    '<li><a href="/docs">REST API reference</a></li>',
  ]
    .filter(Boolean)
    .join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Demo storefront: shoppable media</title>
<link rel="icon" href="data:,">
<style>${pageCss}</style>
<script type="module" src="${page.playerPath}"></script>
</head>
<body>
<header>
<h1>Demo storefront</h1>
<p class="lead">${lead}</p>
<nav aria-label="Developer links"><ul>
${links}
</ul></nav>
</header>
<main>
<div class="media">
${sections.length > 0 ? sections.join('\n') : noPlacements}
</div>
<section aria-labelledby="embed-it">
<h2 id="embed-it">Embed it</h2>
<p>${embedHint}</p>
<pre><code>${escapeHtml(snippet)}</code></pre>
</section>
</main>
</body>
</html>
`;
}
