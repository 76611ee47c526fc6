// <shoppable-studio>: the studio's frame. It asks for the admin key (when the gateway has keys),
// checks it, keeps it in this tab's sessionStorage only (never in the page, an attribute or a URL),
// then shows one view at a time: the media list (or its ranking), the new media form, a media item's
// editor or its performance. One role="status" line for the whole studio says what happened
// ("Saved"); each view says its errors itself (role="alert"). The views tell it what to do by events
// (events.ts).
import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { StudioApi } from './api.js';
import type { StudioEditor } from './editor.js';
import type { View } from './events.js';
import { keyFailure, keyProblem, problem } from './words.js';

const keyStorage = 'shoppable-studio:admin-key';

function storedKey(): string | null {
  try {
    return sessionStorage.getItem(keyStorage);
  } catch {
    return null;
  }
}

function storeKey(key: string | null) {
  try {
    if (key === null) sessionStorage.removeItem(keyStorage);
    else sessionStorage.setItem(keyStorage, key);
  } catch {
    // Storage refused (a private window's quota): the key lasts as long as the page.
  }
}

export class ShoppableStudio extends LitElement {
  static override properties = {
    keys: { type: String },
    player: { type: String },
    uploadMaxBytes: { type: Number, attribute: 'upload-max-bytes' },
    view: { state: true },
    status: { state: true },
    keyError: { state: true },
    checking: { state: true },
  };

  declare keys: string;
  declare player: string;
  declare uploadMaxBytes: number;
  declare view: View;
  declare status: string;
  declare keyError: string;
  declare checking: boolean;
  api = new StudioApi(null);
  private focusView = false;

  constructor() {
    super();
    this.keys = 'required';
    this.player = '/embed/shoppable-media.js';
    this.uploadMaxBytes = 50 * 1024 * 1024;
    this.view = { name: 'key' };
    this.status = '';
    this.keyError = '';
    this.checking = false;
  }

  /** In the page itself (its styles are the document's), the loading text replaced. */
  protected override createRenderRoot() {
    this.replaceChildren();
    return this;
  }

  get keysRequired(): boolean {
    return this.keys !== 'off';
  }

  override connectedCallback() {
    super.connectedCallback();
    this.addEventListener('studio-status', this.onStatus as EventListener);
    this.addEventListener('studio-go', this.onGo as EventListener);
    this.addEventListener('studio-failure', this.onFailure as EventListener);
    if (!this.keysRequired) return this.go({ name: 'list' });
    const key = storedKey();
    if (key) void this.useKey(key, true);
  }

  override disconnectedCallback() {
    super.disconnectedCallback();
    this.removeEventListener('studio-status', this.onStatus as EventListener);
    this.removeEventListener('studio-go', this.onGo as EventListener);
    this.removeEventListener('studio-failure', this.onFailure as EventListener);
  }

  private onStatus = (event: CustomEvent<string>) => {
    this.status = event.detail;
  };

  private onGo = (event: CustomEvent<View>) => this.go(event.detail);

  /** A view's call that the gateway refused for its key: ask for a key again. */
  private onFailure = (event: CustomEvent<unknown>) => {
    if (!keyFailure(event.detail)) return;
    this.signOut(keyProblem(event.detail.status));
  };

  /** Shows a view; what the status line said is of the view left (a view says its news after this). */
  go(view: View) {
    this.view = view;
    this.status = '';
    this.focusView = true;
  }

  /** Checks a key with the gateway (an admin key reads the media list) and keeps it if it is one. */
  async useKey(key: string, stored = false) {
    this.checking = true;
    this.keyError = '';
    try {
      const status = await this.api.keyStatus(key);
      if (status !== 200) {
        this.keyError = keyProblem(status);
        if (stored) storeKey(null);
        return;
      }
      storeKey(key);
      this.api = new StudioApi(key);
      this.go({ name: 'list' });
    } catch (error) {
      this.keyError = problem(error);
    } finally {
      this.checking = false;
    }
  }

  /** Forgets the key (after asking, when the editor has unsaved changes). */
  signOut(reason = '') {
    storeKey(null);
    this.api = new StudioApi(null);
    this.keyError = reason;
    this.go({ name: 'key' });
    if (!reason) this.status = 'Signed out: the key is forgotten.';
  }

  private leaveEditor(): boolean {
    const editor = this.querySelector<StudioEditor>('studio-editor');
    return editor ? editor.confirmLeave() : true;
  }

  protected override updated(changed: PropertyValues<this>) {
    if (changed.has('view') && this.focusView) {
      this.focusView = false;
      // The new view's heading takes the focus (and is read out), as a new page's would.
      void this.updateComplete.then(() => this.querySelector<HTMLElement>('main h2')?.focus());
    }
  }

  override render() {
    const signedIn = this.keysRequired && this.view.name !== 'key';
    return html`<header class="studio-header">
        <div class="inner">
          <h1>Merchant studio</h1>
          ${
            signedIn
              ? html`<button type="button" @click=${() => this.leaveEditor() && this.signOut()}>Forget the key</button>`
              : nothing
          }
        </div>
      </header>
      <main class="studio-main">
        <p class="status" role="status">${this.status}</p>
        ${this.renderView()}
      </main>`;
  }

  private renderView() {
    const view = this.view;
    if (view.name === 'key') return this.renderKeyForm();
    if (view.name === 'new')
      return html`<studio-new-media .api=${this.api} .uploadMaxBytes=${this.uploadMaxBytes}></studio-new-media>`;
    if (view.name === 'editor')
      return html`<studio-editor
        .api=${this.api}
        .media=${view.media}
        .fresh=${view.fresh ?? false}
        .keysRequired=${this.keysRequired}
        .player=${this.player}
      ></studio-editor>`;
    if (view.name === 'performance')
      return html`<studio-performance
        .api=${this.api}
        .media=${view.media}
        .item=${view.item ?? null}
        .firstRange=${view.range ?? null}
        .back=${view.back ?? null}
      ></studio-performance>`;
    return html`<studio-media-list
      .api=${this.api}
      .keysRequired=${this.keysRequired}
      .rank=${view.name === 'list' ? (view.rank ?? null) : null}
    ></studio-media-list>`;
  }

  private renderKeyForm() {
    const submit = (event: SubmitEvent) => {
      event.preventDefault();
      const input = (event.currentTarget as HTMLFormElement).querySelector<HTMLInputElement>('#admin-key')!;
      const key = input.value.trim();
      if (!key) {
        this.keyError = 'Give the admin API key first.';
        input.focus();
        return;
      }
      void this.useKey(key).then(() => {
        if (this.keyError) this.querySelector<HTMLInputElement>('#admin-key')?.focus();
      });
    };
    return html`<form class="key-form" @submit=${submit} novalidate>
      <h2 tabindex="-1">Sign in with an admin key</h2>
      <p>
        The studio changes this gateway's media through its admin API. Give one of its admin keys (in
        <code>API_KEYS</code>, with the role admin). The key stays in this tab only and goes to this gateway only.
      </p>
      <label for="admin-key">Admin API key</label>
      <input
        id="admin-key"
        type="password"
        autocomplete="off"
        spellcheck="false"
        aria-invalid=${this.keyError ? 'true' : 'false'}
        aria-describedby=${this.keyError ? 'key-error' : nothing}
      />
      ${this.keyError ? html`<div class="alert" role="alert" id="key-error"><p>${this.keyError}</p></div>` : nothing}
      <div class="actions">
        <button class="primary" type="submit" ?disabled=${this.checking}>
          ${this.checking ? 'Checking the key…' : 'Open the studio'}
        </button>
      </div>
    </form>`;
  }
}
