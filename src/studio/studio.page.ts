// The studio's page at GET /studio: an element the studio's script (app/) fills, told whether the
// gateway needs API keys, where the player's module is (for the preview) and the largest upload.
// A plain page (embed/page.ts): its scripts are this gateway's modules, its only inline style the
// block below (what shows before the script runs); the studio's own styles come with its script.
// No key is ever written into it: the merchant gives the admin key in the page, which keeps it in
// the tab's sessionStorage.
import { escapeHtml, pageContentSecurityPolicy } from '../embed/page.js';

export interface StudioPage {
  /** Whether the gateway has API keys (API_KEYS): the studio then asks for an admin key. */
  keysRequired: boolean;
  /** The player's module, a path on this gateway. */
  playerPath: string;
  /** The studio's script, a path on this gateway. */
  scriptPath: string;
  /** MEDIA_UPLOAD_MAX_BYTES. */
  uploadMaxBytes: number;
}

const pageCss = `
:root { color-scheme: light; }
body {
  margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: #1b1b1b; background: #f6f5f2;
}
shoppable-studio:not(:defined) { display: block; max-width: 72rem; margin: 0 auto; padding: 2rem 1.25rem; }
`;

export const studioContentSecurityPolicy = pageContentSecurityPolicy(pageCss);

export function studioPageHtml(page: StudioPage): string {
  const attributes = [
    `keys="${page.keysRequired ? 'required' : 'off'}"`,
    `player="${escapeHtml(page.playerPath)}"`,
    `upload-max-bytes="${page.uploadMaxBytes}"`,
  ].join(' ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Studio: shoppable media</title>
<link rel="icon" href="data:,">
<style>${pageCss}</style>
<script type="module" src="${escapeHtml(page.scriptPath)}"></script>
</head>
<body>
<shoppable-studio ${attributes}>
<h1>Merchant studio</h1>
<p>Loading the studio…</p>
<noscript><p>The studio needs JavaScript: turn it on for this page.</p></noscript>
</shoppable-studio>
</body>
</html>
`;
}
