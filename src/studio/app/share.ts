// "Preview" and "Embed code": the real <shoppable-media> player (the module this gateway serves at
// /embed/, loaded when first shown) on the media item as saved, and the snippet a merchant pastes
// into a page of their shop: the player's script from this gateway's origin and the element naming
// the media item, with a client key when the gateway needs one. Never the admin key: a page shows
// its code to everyone. The key typed in "Client API key" is asked of the gateway first (a client
// key is refused the media list with 403, an admin key is not); until it is one, the snippet holds
// a placeholder the merchant must replace.
import { html, nothing } from 'lit';
import type { MediaItem, StudioApi } from './api.js';
import { problem } from './words.js';

export const keyPlaceholder = 'YOUR_CLIENT_KEY';

export interface ShareHost {
  media: MediaItem;
  keysRequired: boolean;
  /** The player's module, a path on this gateway. */
  player: string;
  playerReady: boolean;
  playerError: string;
  /** The key the preview's player sends (a property, never an attribute). */
  previewKey: string | null;
  dirty: boolean;
  clientKey: ClientKeyCheck;
  copySnippet(): void;
}

/** The key typed in "Client API key", asked of the gateway once typing pauses. */
export class ClientKeyCheck {
  /** A client key the gateway confirmed, for the snippet; '' until then. */
  key = '';
  note = '';
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly host: { api: StudioApi; requestUpdate(): void }) {}

  typed(value: string) {
    clearTimeout(this.timer);
    const key = value.trim();
    this.key = '';
    this.note = key === this.host.api.key ? 'This is the admin key you signed in with: never put it in a page.' : '';
    this.host.requestUpdate();
    if (key && !this.note) this.timer = setTimeout(() => void this.check(key), 400);
  }

  stop() {
    clearTimeout(this.timer);
  }

  private async check(key: string) {
    try {
      const status = await this.host.api.keyStatus(key);
      if (status === 403) {
        this.key = key;
        this.note = 'A client key of this gateway: the code below uses it.';
      } else if (status === 200)
        this.note = 'This is an admin key: never put it in a page, where anyone can read it. Give a client key.';
      else this.note = 'The gateway does not know this key: check it.';
    } catch (error) {
      this.note = problem(error);
    }
    this.host.requestUpdate();
  }
}

const escapeAttribute = (text: string) => text.replace(/[&"<>]/g, (char) => `&#${char.charCodeAt(0)};`);

/** The code to paste into a page of the shop. */
export function snippet(origin: string, host: Pick<ShareHost, 'media' | 'keysRequired' | 'player' | 'clientKey'>) {
  const attributes = [`kind="${host.media.type}"`, `media-id="${host.media.id}"`];
  if (host.keysRequired) attributes.push(`api-key="${escapeAttribute(host.clientKey.key || keyPlaceholder)}"`);
  return (
    `<script type="module" src="${escapeAttribute(origin + host.player)}"></script>\n` +
    `<shoppable-media ${attributes.join(' ')}></shoppable-media>`
  );
}

export function renderPreview(host: ShareHost) {
  const player = host.playerReady
    ? html`<shoppable-media
        kind=${host.media.type}
        media-id=${String(host.media.id)}
        .apiKey=${host.previewKey}
      ></shoppable-media>`
    : html`<p>${host.playerError || 'Loading the player…'}</p>`;
  return html`<section aria-labelledby="preview-title">
    <h3 id="preview-title">Preview</h3>
    <p>What shoppers see: the player on this media item as it is saved.</p>
    ${
      host.dirty ? html`<p class="dirty">The placements have unsaved changes: save them to see them here.</p>` : nothing
    }
    <div class="preview-frame">${player}</div>
  </section>`;
}

function renderClientKey(host: ShareHost) {
  if (!host.keysRequired) return html`<p>This gateway has no API keys: the player needs none.</p>`;
  return html`<label for="client-key">Client API key</label>
    <input
      id="client-key"
      type="text"
      autocomplete="off"
      spellcheck="false"
      aria-describedby="client-key-hint client-key-note"
      @input=${(event: Event) => host.clientKey.typed((event.currentTarget as HTMLInputElement).value)}
    />
    <p class="hint" id="client-key-hint">
      Optional: a key of API_KEYS with the role client (shoppers' browsers send it). Never the admin key. Without
      one, replace ${keyPlaceholder} in the code.
    </p>
    <p id="client-key-note" aria-live="polite">${host.clientKey.note}</p>`;
}

export function renderEmbed(host: ShareHost) {
  const origin = location.origin;
  return html`<section aria-labelledby="embed-title">
    <h3 id="embed-title">Embed code</h3>
    <p>Paste this into a page of your shop where the ${host.media.type === 'video' ? 'video' : 'picture'} goes.</p>
    ${renderClientKey(host)}
    <pre class="snippet"><code>${snippet(origin, host)}</code></pre>
    <div class="actions">
      <button type="button" @click=${() => host.copySnippet()}>Copy the embed code</button>
    </div>
    <h4>Before it works on your site</h4>
    <ul>
      <li>
        Add your site's origin to the gateway's <code>CORS_ORIGINS</code> (for example
        <code>CORS_ORIGINS=https://shop.example</code>) and restart it: the player calls ${origin}/graphql from your
        page. The player's script and the media files need nothing: any page may load them.
      </li>
      ${
        host.keysRequired && !host.clientKey
          ? html`<li>Replace <code>${keyPlaceholder}</code> with a client key.</li>`
          : nothing
      }
      <li>
        If your page has a Content-Security-Policy, allow ${origin} in its <code>script-src</code>,
        <code>connect-src</code>, <code>img-src</code> and <code>media-src</code>.
      </li>
    </ul>
  </section>`;
}
