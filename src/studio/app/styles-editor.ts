// The editor's styles (styles.ts adopts them with its own): the media with its hotspots (44 × 44,
// dark on white, a dashed ring while a video is outside their time range), the video's controls,
// the placements beside it, the preview and embed code, and the dialog "Place a product".
import { css } from 'lit';

const editor = css`
  .editor-head {
    display: flex;
    align-items: center;
    gap: 1rem;
    flex-wrap: wrap;
  }
  .editor-head h2 {
    margin: 0;
    overflow-wrap: anywhere;
  }
  .panes {
    display: flex;
    gap: 0.5rem;
    flex-wrap: wrap;
    margin: 0.75rem 0 1rem;
  }
  .workspace {
    display: grid;
    grid-template-columns: minmax(0, 1fr) minmax(18rem, 24rem);
    gap: 1.5rem;
    align-items: start;
  }
  @media (max-width: 52rem) {
    .workspace {
      grid-template-columns: minmax(0, 1fr);
    }
  }
  /* The media's box: its aspect (--ratio, from its width and height) at the most the window shows,
     known before the file loads; the file is drawn in it with object-fit: contain. */
  .stage {
    --stage-max-height: max(20rem, calc(100vh - 20rem));
    position: relative;
    width: min(100%, calc(var(--stage-max-height) * var(--ratio, 1)));
    aspect-ratio: var(--ratio, 1);
    line-height: 0;
    user-select: none;
    -webkit-user-select: none;
  }
  .stage img,
  .stage video {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: contain;
    cursor: crosshair;
    background: #e7e4dc;
    border-radius: 4px;
  }
  .layer {
    position: absolute;
    pointer-events: none;
  }
  .hotspot {
    position: absolute;
    pointer-events: auto;
    width: 44px;
    height: 44px;
    min-height: 0;
    padding: 0;
    transform: translate(-50%, -50%);
    border-radius: 50%;
    border: 3px solid #111111;
    background: #ffffff;
    color: #111111;
    font-weight: 700;
    line-height: 1;
    box-shadow: 0 0 0 3px rgb(255 255 255 / 0.7), 0 2px 8px rgb(0 0 0 / 0.4);
    touch-action: none;
    cursor: grab;
  }
  /* The number its row of the list shows, drawn (not text: the hotspot's name is its product's title). */
  .hotspot::before {
    content: attr(data-number);
  }
  .hotspot.dragging {
    cursor: grabbing;
  }
  .hotspot:hover:not(:disabled),
  .hotspot:focus-visible {
    background: var(--accent);
    color: #ffffff;
    border-color: #ffffff;
  }
  .hotspot:focus-visible {
    outline: 3px solid #111111;
    outline-offset: 3px;
  }
  /* Where the product chosen in the dialog will go. */
  .pending {
    position: absolute;
    width: 24px;
    height: 24px;
    transform: translate(-50%, -50%);
    border-radius: 50%;
    border: 3px solid #111111;
    background: #ffffff;
    box-shadow: 0 0 0 3px rgb(255 255 255 / 0.7);
  }
  .hotspot.off-time {
    border-style: dashed;
  }
  .hotspot .tip {
    position: absolute;
    left: 50%;
    bottom: calc(100% + 8px);
    transform: translateX(-50%);
    white-space: nowrap;
    padding: 0.3rem 0.55rem;
    border-radius: 4px;
    background: #111111;
    color: #ffffff;
    font-weight: 600;
    font-size: 0.875rem;
    display: none;
  }
  .hotspot:hover .tip,
  .hotspot:focus-visible .tip,
  .hotspot.dragging .tip {
    display: block;
  }
`;

const side = css`
  .video-controls {
    display: flex;
    align-items: center;
    gap: 0.75rem;
    flex-wrap: wrap;
    margin-top: 0.5rem;
  }
  .video-controls label {
    margin: 0;
  }
  .video-controls input[type='range'] {
    flex: 1;
    min-width: 10rem;
    min-height: 44px;
    accent-color: var(--accent);
  }
  .time {
    font-variant-numeric: tabular-nums;
  }
  .placements {
    list-style: none;
    margin: 0 0 1rem;
    padding: 0;
    display: grid;
    gap: 0.75rem;
  }
  .placement {
    display: grid;
    grid-template-columns: 2rem minmax(0, 1fr);
    gap: 0.25rem 0.5rem;
    padding: 0.6rem;
    border: 1px solid var(--soft-line);
    border-radius: 8px;
    background: var(--surface);
  }
  .placement .number {
    font-weight: 700;
    font-size: 1.1rem;
  }
  .placement .title {
    margin: 0;
    font-weight: 600;
  }
  .placement .where {
    margin: 0;
    color: var(--muted);
    font-size: 0.875rem;
  }
  .placement .row-controls {
    grid-column: 2;
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    align-items: end;
  }
  .time-field {
    flex: 1 1 100%;
    display: grid;
    grid-template-columns: 5.5rem minmax(0, 1fr);
    gap: 0.5rem;
    align-items: end;
  }
  .time-field label {
    margin: 0 0 0.2rem;
  }
  .time-field label,
  .time-field input {
    grid-column: 1;
  }
  .time-field button {
    grid-column: 2;
    grid-row: 1 / span 2;
    align-self: end;
    font-size: 0.875rem;
    padding: 0.3rem 0.6rem;
  }
  .dirty {
    color: var(--danger);
    font-weight: 600;
  }
  .preview-frame {
    max-width: 42rem;
  }
  .snippet {
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    padding: 1rem;
    background: var(--surface);
    border: 1px solid var(--line);
    border-radius: 6px;
    font-size: 0.9rem;
    line-height: 1.5;
  }
`;

const dialog = css`
  dialog.place {
    width: min(34rem, calc(100vw - 2rem));
    max-height: calc(100vh - 4rem);
    padding: 1.25rem;
    border: 1px solid var(--line);
    border-radius: 10px;
    color: var(--text);
    background: var(--surface);
  }
  dialog.place::backdrop {
    background: rgb(0 0 0 / 0.45);
  }
  .results {
    list-style: none;
    margin: 0.75rem 0;
    padding: 0;
    max-height: 22rem;
    overflow: auto;
  }
  .results li {
    display: grid;
    grid-template-columns: 44px minmax(0, 1fr) 11rem;
    align-items: center;
    gap: 0.75rem;
    padding: 0.25rem 0;
    border-bottom: 1px solid var(--soft-line);
  }
  .results img,
  .results .no-picture {
    width: 44px;
    height: 44px;
    object-fit: cover;
    border-radius: 4px;
  }
  .results button {
    text-align: left;
    font-weight: 600;
  }
  .results .price {
    color: var(--muted);
    font-size: 0.875rem;
    text-align: right;
  }
  .stage-head {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 0.5rem 1rem;
    flex-wrap: wrap;
    margin-bottom: 0.5rem;
  }
  .stage-head p {
    flex: 1 1 24rem;
    margin: 0;
  }
`;

export const editorStyles = [editor, side, dialog];
