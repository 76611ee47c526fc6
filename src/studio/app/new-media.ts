// <studio-new-media>: a new media item from a file on the merchant's disk ("Upload file": POST
// /media/files, then its url and size) or from a file already on the web ("Media URL": its size,
// and a video's length, read by loading it here), then "Slug", "Alt text" and "Create" (POST
// /media). Choosing a file clears the URL and typing a URL clears the file: the last one given is
// used. A file uploaded once is not uploaded again when only the slug or the alt text changes
// after a refusal. Every refusal is said in words next to the field it is about.
import { LitElement, html, nothing } from 'lit';
import { StudioError, type MediaItem, type NewMedia, type StoredFile, type StudioApi } from './api.js';
import { failed, go, say } from './events.js';
import { probe } from './probe.js';
import { fileProblem, keyFailure, problem, problemsOf, slugTaken, tooLarge } from './words.js';

/** The form's fields, by the name the gateway gives them in its problems. */
const fieldLabels: Record<string, { id: string; label: string }> = {
  file: { id: 'new-file', label: 'File' },
  url: { id: 'new-url', label: 'Media URL' },
  slug: { id: 'new-slug', label: 'Slug' },
  alt: { id: 'new-alt', label: 'Alt text' },
};
const otherFields: Record<string, string> = {
  width: "The picture's width",
  height: "The picture's height",
  duration_ms: "The video's length",
  type: 'The kind of media',
};

/** Upload types the gateway names; any other file goes as bytes and is judged by them. */
const uploadTypes = ['image/jpeg', 'image/png', 'image/webp', 'video/mp4', 'video/webm'];

/** "Autumn Look (2).JPG" → "autumn-look-2". */
export function slugFrom(name: string): string {
  return name
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
}

type Errors = Partial<Record<keyof typeof fieldLabels, string>>;

export class StudioNewMedia extends LitElement {
  static override properties = {
    busy: { state: true },
    errors: { state: true },
    summary: { state: true },
  };

  declare busy: boolean;
  declare errors: Errors;
  /** Problems that are no one field's. */
  declare summary: string;
  api!: StudioApi;
  uploadMaxBytes = 50 * 1024 * 1024;
  private uploaded: { file: File; stored: StoredFile } | null = null;

  constructor() {
    super();
    this.busy = false;
    this.errors = {};
    this.summary = '';
  }

  protected override createRenderRoot() {
    return this;
  }

  private field<T extends HTMLElement = HTMLInputElement>(id: string): T {
    return this.querySelector<T>(`#${id}`)!;
  }

  private onFile() {
    const file = this.field('new-file').files?.[0];
    if (!file) return;
    this.field('new-url').value = '';
    const slug = this.field('new-slug');
    if (!slug.value.trim()) slug.value = slugFrom(file.name);
    this.errors = { ...this.errors, file: undefined, url: undefined };
  }

  private onUrl() {
    this.field('new-file').value = '';
    this.errors = { ...this.errors, file: undefined, url: undefined };
  }

  private async submit(event: SubmitEvent) {
    event.preventDefault();
    if (this.busy) return;
    const file = this.field('new-file').files?.[0] ?? null;
    const url = this.field('new-url').value.trim();
    const slug = this.field('new-slug').value.trim();
    const alt = this.field<HTMLTextAreaElement>('new-alt').value.trim();
    const errors: Errors = {};
    if (!file && !url) errors.file = 'Choose a file to upload, or give a media URL.';
    if (!slug) errors.slug = 'Give a slug: the name of the media item in addresses, such as autumn-look.';
    if (file && file.size > this.uploadMaxBytes) errors.file = tooLarge(file, this.uploadMaxBytes);
    this.errors = errors;
    this.summary = '';
    if (Object.keys(errors).length > 0) return this.focusFirstError();
    this.busy = true;
    try {
      const media = await this.create(file, url, slug, alt);
      go(this, { name: 'editor', media, fresh: true });
      const what = media.type === 'video' ? 'video' : 'picture';
      say(this, `Created ${media.type} ${media.slug}. Click the ${what} to place a product.`);
    } catch (error) {
      this.refused(error, file, slug);
    } finally {
      this.busy = false;
    }
  }

  private async create(file: File | null, url: string, slug: string, alt: string): Promise<MediaItem> {
    const media = file ? await this.fromFile(file) : await this.fromUrl(url);
    return this.api.createMedia({ ...media, slug, ...(alt ? { alt } : {}) });
  }

  /** The file uploaded (once), its type and size; a video's size and length read here when the gateway did not. */
  private async fromFile(file: File): Promise<Omit<NewMedia, 'slug'>> {
    if (this.uploaded?.file !== file) {
      say(this, `Uploading ${file.name}…`);
      const type = uploadTypes.includes(file.type) ? file.type : 'application/octet-stream';
      this.uploaded = { file, stored: await this.api.upload(file, file.name, type) };
    }
    const stored = this.uploaded.stored;
    const type = stored.content_type.startsWith('video/') ? 'video' : 'image';
    let size = { width: stored.width, height: stored.height, durationMs: stored.duration_ms };
    if (size.width === null || size.height === null || (type === 'video' && size.durationMs === null)) {
      say(this, `Reading the size of ${file.name}…`);
      size = await probe(stored.url, type).catch(() => {
        throw new LoadFailure('file', `The browser could not read “${file.name}” to learn its size: is it whole?`);
      });
    }
    return withSize(type, stored.url, size);
  }

  private async fromUrl(url: string): Promise<Omit<NewMedia, 'slug'>> {
    say(this, 'Loading the media URL to read its size…');
    const found = await probe(url).catch(() => {
      throw new LoadFailure(
        'url',
        `This address could not be loaded as a picture or a video: ${url}. Check it, and that it is an https:// ` +
          'address (or a path on this gateway) of a JPEG, PNG, WebP, MP4 or WebM file.',
      );
    });
    return withSize(found.type, url, found);
  }

  private refused(error: unknown, file: File | null, slug: string) {
    say(this, '');
    const code = error instanceof StudioError ? error.code : null;
    if (error instanceof LoadFailure) this.errors = { [error.field]: error.message };
    else if (keyFailure(error) || !(error instanceof StudioError) || error.status === 0 || error.status >= 429) {
      this.summary = problem(error);
      failed(this, error);
    } else if (file && this.isUploadRefusal(file))
      this.errors = { file: fileProblem(error, file, this.uploadMaxBytes) };
    else if (code === 'MEDIA_SLUG_TAKEN') this.errors = { slug: slugTaken(error, slug) };
    else if (code === 'VALIDATION_FAILED') this.showProblems(error);
    else this.summary = problem(error);
    this.focusFirstError();
  }

  /** Whether the failure came from the upload (the file not stored yet). */
  private isUploadRefusal(file: File | null): boolean {
    return file !== null && this.uploaded?.file !== file;
  }

  private showProblems(error: StudioError) {
    const errors: Errors = {};
    const others: string[] = [];
    for (const { field, message } of problemsOf(error)) {
      const known = field === 'url' && this.uploaded ? undefined : fieldLabels[field];
      if (known) errors[field as keyof Errors] = `${known.label}: ${message}`;
      else others.push(`${otherFields[field] ?? field}: ${message}`);
    }
    this.errors = errors;
    this.summary = others.join(' ');
  }

  private focusFirstError() {
    void this.updateComplete.then(() => {
      const first = Object.keys(fieldLabels).find((name) => this.errors[name as keyof Errors]);
      if (first) this.field(fieldLabels[first]!.id).focus();
    });
  }

  override render() {
    return html`<form class="new-media" @submit=${this.submit} novalidate aria-labelledby="new-title">
      <h2 id="new-title" tabindex="-1">New media</h2>
      <fieldset>
        <legend>Upload file</legend>
        ${this.fieldLabel('file')}
        <input
          id="new-file"
          type="file"
          accept="image/jpeg,image/png,image/webp,video/mp4,video/webm"
          aria-describedby="new-file-hint${this.errors.file ? ' new-file-error' : ''}"
          aria-invalid=${this.errors.file ? 'true' : 'false'}
          @change=${this.onFile}
        />
        <p class="hint" id="new-file-hint">A JPEG, PNG or WebP picture, or an MP4 or WebM video, from your computer.</p>
        ${this.fieldError('file')}
      </fieldset>
      <fieldset>
        <legend>Or a file already on the web</legend>
        ${this.textField('url', 'An https:// address of a picture or a video, or a path on this gateway.')}
      </fieldset>
      ${this.textField('slug', 'Names it in addresses: letters, digits and dashes, such as autumn-look.')}
      ${this.fieldLabel('alt')}
      <textarea
        id="new-alt"
        rows="2"
        maxlength="500"
        aria-describedby="new-alt-hint${this.errors.alt ? ' new-alt-error' : ''}"
        aria-invalid=${this.errors.alt ? 'true' : 'false'}
      ></textarea>
      <p class="hint" id="new-alt-hint">What it shows, for those who cannot see it.</p>
      ${this.fieldError('alt')}
      ${this.summary ? html`<div class="alert" role="alert"><p>${this.summary}</p></div>` : nothing}
      <div class="actions">
        <button class="primary" type="submit" aria-disabled=${this.busy ? 'true' : 'false'}>
          ${this.busy ? 'Creating…' : 'Create'}
        </button>
        <button type="button" @click=${() => go(this, { name: 'list' })}>Cancel</button>
      </div>
    </form>`;
  }

  private fieldLabel(name: keyof typeof fieldLabels) {
    return html`<label for=${fieldLabels[name]!.id}>${fieldLabels[name]!.label}</label>`;
  }

  private fieldError(name: keyof Errors) {
    const error = this.errors[name];
    return error
      ? html`<div class="alert" role="alert" id="${fieldLabels[name]!.id}-error"><p>${error}</p></div>`
      : nothing;
  }

  private textField(name: 'url' | 'slug', hint: string) {
    const id = fieldLabels[name]!.id;
    return html`${this.fieldLabel(name)}
      <input
        id=${id}
        type="text"
        autocomplete="off"
        spellcheck="false"
        inputmode=${name === 'url' ? 'url' : nothing}
        aria-describedby="${id}-hint${this.errors[name] ? ` ${id}-error` : ''}"
        aria-invalid=${this.errors[name] ? 'true' : 'false'}
        @input=${name === 'url' ? this.onUrl : nothing}
      />
      <p class="hint" id="${id}-hint">${hint}</p>
      ${this.fieldError(name)}`;
  }
}

/** A file that could not be loaded in the browser, said next to its field. */
class LoadFailure extends Error {
  constructor(
    readonly field: 'file' | 'url',
    message: string,
  ) {
    super(message);
  }
}

function withSize(
  type: 'image' | 'video',
  url: string,
  size: { width: number | null; height: number | null; durationMs: number | null },
): Omit<NewMedia, 'slug'> {
  return {
    type,
    url,
    width: size.width ?? 0,
    height: size.height ?? 0,
    ...(type === 'video' && size.durationMs !== null ? { duration_ms: size.durationMs } : {}),
  };
}
