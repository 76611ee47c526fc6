// The studio's styles, one sheet adopted by the document (the studio renders in the page, not in a
// shadow root): a constructed style sheet, which the page's Content-Security-Policy allows. Colours
// keep text at 4.5:1 or more on their backgrounds; every control shows its keyboard focus; targets
// are at least 44 px high (hotspots 44 × 44). The editor's, its dialog's and the share panes': styles-editor.ts;
// the figures': styles-performance.ts.
import { css } from 'lit';
import { editorStyles } from './styles-editor.js';
import { performanceStyles } from './styles-performance.js';

const base = css`
  shoppable-studio {
    display: block;
    --accent: #1f5f4a;
    --accent-dark: #153f31;
    --text: #1b1b1b;
    --muted: #4a4a4a;
    --line: #8a877f;
    --soft-line: #d3d0c8;
    --surface: #ffffff;
    --danger: #a4262c;
    --focus: #0b57d0;
  }
  shoppable-studio *,
  shoppable-studio *::before,
  shoppable-studio *::after {
    box-sizing: border-box;
  }
  .studio-header {
    background: var(--surface);
    border-bottom: 1px solid var(--soft-line);
  }
  .studio-header .inner,
  .studio-main {
    max-width: 84rem;
    margin: 0 auto;
    padding: 0.75rem 1.25rem;
  }
  .studio-header .inner {
    display: flex;
    align-items: center;
    gap: 1rem;
    flex-wrap: wrap;
  }
  .studio-header h1 {
    margin: 0;
    font-size: 1.35rem;
    flex: 1;
  }
  .status {
    min-height: 1.5em;
    margin: 0;
    font-weight: 600;
    color: var(--accent-dark);
  }
  h2 {
    font-size: 1.4rem;
    margin: 0.25rem 0 0.75rem;
  }
  h3 {
    font-size: 1.1rem;
    margin: 0 0 0.5rem;
  }
  h2:focus {
    outline: none;
  }
  p {
    margin: 0.25rem 0 0.75rem;
  }
  .hint {
    color: var(--muted);
    font-size: 0.9rem;
    margin: 0.25rem 0 0;
  }
  .alert {
    margin: 0.75rem 0;
    padding: 0.6rem 0.8rem;
    border-left: 4px solid var(--danger);
    background: #fdf0f0;
    color: #7a1c21;
  }
  .alert p {
    margin: 0.2rem 0;
  }
`;

const controls = css`
  button,
  input,
  textarea {
    font: inherit;
    color: inherit;
  }
  button {
    min-height: 44px;
    padding: 0.45rem 1rem;
    border: 1px solid var(--line);
    border-radius: 6px;
    background: var(--surface);
    color: var(--text);
    cursor: pointer;
  }
  button:hover:not(:disabled) {
    border-color: var(--text);
    background: #f1efe9;
  }
  button.primary {
    background: var(--accent);
    border-color: var(--accent);
    color: #ffffff;
    font-weight: 600;
  }
  button.primary:hover:not(:disabled) {
    background: var(--accent-dark);
  }
  button:disabled {
    cursor: progress;
    opacity: 0.75;
  }
  button[aria-pressed='true'],
  button[aria-pressed='true']:hover:not(:disabled) {
    background: var(--accent-dark);
    border-color: var(--accent-dark);
    color: #ffffff;
  }
  button:focus-visible,
  input:focus-visible,
  textarea:focus-visible,
  a:focus-visible,
  video:focus-visible {
    outline: 3px solid var(--focus);
    outline-offset: 2px;
  }
  label {
    display: block;
    font-weight: 600;
    margin: 0.9rem 0 0.25rem;
  }
  input[type='text'],
  input[type='password'],
  input[type='search'],
  input[type='number'],
  textarea {
    width: 100%;
    min-height: 44px;
    padding: 0.45rem 0.6rem;
    border: 1px solid var(--line);
    border-radius: 6px;
    background: var(--surface);
  }
  input[type='file'] {
    min-height: 44px;
    max-width: 100%;
  }
  input[type='file']::file-selector-button {
    min-height: 44px;
    margin-right: 0.75rem;
    padding: 0.45rem 1rem;
    border: 1px solid var(--line);
    border-radius: 6px;
    background: var(--surface);
    color: var(--text);
    font: inherit;
    cursor: pointer;
  }
  [aria-invalid='true'] {
    border-color: var(--danger);
    box-shadow: 0 0 0 1px var(--danger);
  }
  fieldset {
    border: 1px solid var(--soft-line);
    border-radius: 8px;
    padding: 0.25rem 1rem 1rem;
    margin: 0 0 0.75rem;
    background: var(--surface);
  }
  legend {
    font-weight: 700;
    padding: 0 0.35rem;
  }
  .actions {
    display: flex;
    gap: 0.75rem;
    flex-wrap: wrap;
    margin-top: 1.25rem;
  }
  .sr {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`;

const list = css`
  .key-form,
  .new-media {
    max-width: 36rem;
  }
  .list-head {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 1rem;
  }
  .search {
    max-width: 28rem;
  }
  .media-grid {
    list-style: none;
    margin: 1rem 0;
    padding: 0;
    display: grid;
    gap: 1rem;
    grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr));
  }
  .media-card {
    display: flex;
    flex-direction: column;
    align-items: stretch;
    gap: 0.4rem;
    width: 100%;
    padding: 0.5rem;
    text-align: left;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .media-card img,
  .media-card .no-thumbnail {
    display: block;
    width: 100%;
    height: auto;
    aspect-ratio: 4 / 3;
    object-fit: cover;
    border-radius: 4px;
    background: #e7e4dc;
  }
  .media-meta {
    margin: 0.25rem 0.5rem 0;
    color: var(--muted);
    font-size: 0.875rem;
  }
`;

export const studioStyles = [base, controls, list, ...editorStyles, performanceStyles];
