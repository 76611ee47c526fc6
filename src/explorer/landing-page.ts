// Apollo Sandbox on GET /graphql (a browser asking for HTML), embedded as Apollo's own local
// landing page does, plus a way out when Apollo's CDN is out of reach: a link to GraphiQL
// (/graphiql), which this server serves itself.
import { randomBytes } from 'node:crypto';
import type { ApolloServerPlugin } from '@apollo/server';
import { graphiqlPath } from './explorer.routes.js';

const sandboxScript = 'https://embeddable-sandbox.cdn.apollographql.com/v2/embeddable-sandbox.umd.production.min.js';
/** The Sandbox's iframe: it posts to this page as soon as it runs, which is how we know it did. */
const sandboxOrigin = 'https://sandbox.embed.apollographql.com';
/** How long the Sandbox may take to start before the link to GraphiQL is shown anyway. */
const startTimeoutMs = 5_000;

function sandboxPageHtml(nonce: string): string {
  const csp = [
    `script-src 'nonce-${nonce}' https://embeddable-sandbox.cdn.apollographql.com`,
    `style-src 'nonce-${nonce}'`,
    `frame-src ${sandboxOrigin}`,
    "base-uri 'none'",
  ].join('; ');
  const noscript =
    '<p class="offline">Apollo Sandbox needs JavaScript. ' + `<a href="${graphiqlPath}">Open GraphiQL</a> instead.</p>`;
  const offline =
    "Apollo Sandbox has not loaded: it comes from Apollo's CDN, out of reach offline. " +
    `<a href="${graphiqlPath}">Open GraphiQL</a>: this server serves it, and it works offline.`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Apollo Sandbox</title>
<style nonce="${nonce}">
body { margin: 0; font-family: system-ui, sans-serif; }
#sandbox { position: absolute; inset: 0; }
#sandbox iframe { width: 100%; height: 100%; border: none; }
.offline {
  position: fixed; top: 0; left: 0; right: 0; z-index: 1; margin: 0; padding: 1em; background: #fff;
  border-bottom: 1px solid #ccc;
}
</style>
</head>
<body>
<noscript>${noscript}</noscript>
<p id="offline" class="offline" hidden>${offline}</p>
<div id="sandbox"></div>
<script nonce="${nonce}">
(function () {
  var offline = document.getElementById('offline');
  var started = false;
  // Shown over the Sandbox rather than instead of it: a slow start is not a failed one.
  function showLink() {
    if (!started) offline.hidden = false;
  }
  window.addEventListener('message', function (event) {
    if (event.origin !== '${sandboxOrigin}' || started) return;
    started = true;
    offline.hidden = true;
  });
  var script = document.createElement('script');
  script.nonce = '${nonce}';
  script.src = '${sandboxScript}';
  script.onerror = showLink;
  script.onload = function () {
    new window.EmbeddedSandbox({
      target: '#sandbox',
      initialEndpoint: window.location.origin + window.location.pathname,
      endpointIsEditable: false,
      allowDynamicStyles: false,
    });
  };
  document.head.appendChild(script);
  setTimeout(showLink, ${startTimeoutMs});
})();
</script>
</body>
</html>
`;
}

export function sandboxLandingPage(): ApolloServerPlugin {
  return {
    async serverWillStart() {
      return {
        async renderLandingPage() {
          return { html: async () => sandboxPageHtml(randomBytes(16).toString('base64url')) };
        },
      };
    },
  };
}
