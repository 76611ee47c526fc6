// The HTML pages this gateway serves around its browser modules (the demo storefront at /, the
// studio at /studio) and how they are sent. A plain page: its scripts are modules of this gateway,
// its only inline style the block it names, allowed by its digest; everything it loads comes from
// this gateway (media URLs on other hosts may be https:), and nothing else may load. Lit's styles
// are constructed style sheets, which style-src does not govern.
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/** The Content-Security-Policy of a page whose only inline style is `css`. */
export function pageContentSecurityPolicy(css: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'self' 'sha256-${createHash('sha256').update(css).digest('base64')}'`,
    "img-src 'self' data: https:",
    "media-src 'self' https:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Sends a page under its policy, never kept without asking again, nor framed, nor sniffed. */
export function sendPage(reply: FastifyReply, html: string, policy: string): FastifyReply {
  return reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', policy)
    .header('cache-control', 'no-cache')
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .send(html);
}

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
