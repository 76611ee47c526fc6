// The GraphiQL page at GET /graphiql: its HTML, the script that starts GraphiQL, and its
// Content-Security-Policy. Everything it loads comes from this server (explorer.routes.ts), so it
// works without internet; the policy lets nothing else load.

/** Where the page finds its assets: URL paths under /graphiql/assets/. */
export interface GraphiQLAssetPaths {
  react: string;
  reactDom: string;
  graphiql: string;
  graphiqlCss: string;
  page: string;
  start: string;
}

/**
 * Only this origin: scripts and styles are files (no inline code, so no nonce), fonts are the
 * data: URLs inside graphiql.min.css, `data:` images are the empty favicon and GraphiQL's icons.
 */
export const graphiqlContentSecurityPolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  'font-src data:',
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Layout only: GraphiQL fills the window. */
export const graphiqlPageCss = 'html, body, #graphiql { height: 100%; margin: 0; }\n';

/**
 * Starts GraphiQL on the UMD globals (React, ReactDOM, GraphiQL). The endpoint is this origin's
 * /graphql; the headers pane is open with an empty API key header, which a server with API_KEYS
 * needs on every operation (the page itself loads without one). Headers are not persisted, so a
 * key typed here does not outlive the tab.
 */
export const graphiqlStartScript = `'use strict';
(function () {
  var fetcher = GraphiQL.createFetcher({ url: new URL('/graphql', window.location.href).href });
  var defaultQuery = [
    '# GraphiQL, served by this gateway: it works offline.',
    '# With API keys on, put yours in the Headers pane ("x-api-key") or use',
    '# "Authorization": "Bearer <key>". Run with Ctrl-Enter.',
    '{',
    '  products(first: 3) {',
    '    nodes { id title }',
    '  }',
    '}',
    '',
  ].join('\\n');
  ReactDOM.createRoot(document.getElementById('graphiql')).render(
    React.createElement(GraphiQL, {
      fetcher: fetcher,
      defaultQuery: defaultQuery,
      defaultHeaders: JSON.stringify({ 'x-api-key': '' }, null, 2),
      isHeadersEditorEnabled: true,
      defaultEditorToolsVisibility: 'headers',
      shouldPersistHeaders: false,
    }),
  );
})();
`;

export function graphiqlPageHtml(assets: GraphiQLAssetPaths): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>GraphiQL</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${assets.graphiqlCss}">
<link rel="stylesheet" href="${assets.page}">
</head>
<body>
<div id="graphiql">Loading GraphiQL…</div>
<script src="${assets.react}"></script>
<script src="${assets.reactDom}"></script>
<script src="${assets.graphiql}"></script>
<script src="${assets.start}"></script>
</body>
</html>
`;
}
