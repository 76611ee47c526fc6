// The player's styles, in its shadow root (adopted style sheets: allowed by a strict
// Content-Security-Policy, and nothing leaks in or out).
//
// Theme it from the page with these custom properties on `shoppable-media` (or any ancestor):
//
//   --shoppable-accent          buttons, selected choices, links          (default #1d4ed8)
//   --shoppable-accent-text     text on the accent colour                 (default #ffffff)
//   --shoppable-surface         background of the player, panel and cart  (default #ffffff)
//   --shoppable-text            text                                      (default #1f2328)
//   --shoppable-muted           secondary text; keep 4.5:1 on the surface (default #4b5563)
//   --shoppable-border          borders of controls; keep 3:1             (default #6e7781)
//   --shoppable-danger          errors                                    (default #b42318)
//   --shoppable-focus           the focus ring                            (default #1d4ed8)
//   --shoppable-radius          corner radius                             (default 10px)
//   --shoppable-font            font family                               (default the system UI font)
//   --shoppable-hotspot-size    diameter of an image's hotspot buttons    (default 36px)
//   --shoppable-hotspot-color   hotspot background                        (default #ffffff)
//   --shoppable-hotspot-text    hotspot mark and ring                     (default #111827)
//   --shoppable-backdrop        behind the open panel or cart             (default rgb(17 24 39 / 0.55))
//
// Colours chosen by a page must keep WCAG AA contrast (4.5:1 for text) with the surface.
import { css } from 'lit';

export const styles = css`
  :host {
    --_accent: var(--shoppable-accent, #1d4ed8);
    --_accent-text: var(--shoppable-accent-text, #ffffff);
    --_surface: var(--shoppable-surface, #ffffff);
    --_text: var(--shoppable-text, #1f2328);
    --_muted: var(--shoppable-muted, #4b5563);
    --_border: var(--shoppable-border, #6e7781);
    --_danger: var(--shoppable-danger, #b42318);
    --_focus: var(--shoppable-focus, #1d4ed8);
    --_radius: var(--shoppable-radius, 10px);
    --_hotspot: var(--shoppable-hotspot-size, 36px);
    display: block;
    font-family: var(--shoppable-font, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif);
    font-size: 1rem;
    line-height: 1.4;
    color: var(--_text);
    background: var(--_surface);
    border-radius: var(--_radius);
  }
  :host([hidden]) {
    display: none;
  }
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  .player {
    display: grid;
    gap: 0.75rem;
    padding: 0.75rem;
  }
  .bar {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 0.75rem;
    flex-wrap: wrap;
  }
  .notice {
    margin: 0;
    color: var(--_text);
    font-size: 0.9375rem;
  }
  button,
  input,
  select {
    font: inherit;
    color: inherit;
  }
  button {
    cursor: pointer;
    border-radius: calc(var(--_radius) * 0.6);
    border: 1px solid var(--_border);
    background: var(--_surface);
    color: var(--_text);
    padding: 0.45rem 0.85rem;
    min-height: 2.5rem;
  }
  button:hover:not(:disabled) {
    border-color: var(--_accent);
  }
  button:disabled {
    cursor: not-allowed;
    opacity: 1;
    color: var(--_muted);
    border-style: dashed;
  }
  button.primary {
    background: var(--_accent);
    color: var(--_accent-text);
    border-color: var(--_accent);
    font-weight: 600;
  }
  button.primary:disabled {
    background: var(--_surface);
    color: var(--_muted);
    border-color: var(--_border);
  }
  button.cart-button {
    font-weight: 600;
    margin-left: auto;
  }
  :focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }
  input:focus-visible,
  select:focus-visible {
    outline-offset: 1px;
  }
  .sr {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }
  [role='alert'] {
    margin: 0;
    padding: 0.6rem 0.8rem;
    border: 1px solid var(--_danger);
    border-left-width: 4px;
    border-radius: calc(var(--_radius) * 0.6);
    color: var(--_danger);
    background: var(--_surface);
  }
  .loading {
    color: var(--_muted);
    margin: 0;
  }

  /* The media and its hotspots */
  .frame {
    position: relative;
    width: fit-content;
    max-width: 100%;
    margin: 0 auto;
    line-height: 0;
  }
  .frame img,
  .frame video {
    display: block;
    max-width: 100%;
    height: auto;
    border-radius: var(--_radius);
    background: #e5e7eb;
  }
  .hotspot {
    position: absolute;
    width: var(--_hotspot);
    height: var(--_hotspot);
    min-height: 0;
    padding: 0;
    transform: translate(-50%, -50%);
    border-radius: 50%;
    border: 2px solid var(--shoppable-hotspot-text, #111827);
    background: var(--shoppable-hotspot-color, #ffffff);
    color: var(--shoppable-hotspot-text, #111827);
    box-shadow: 0 0 0 4px rgb(255 255 255 / 0.55), 0 2px 8px rgb(0 0 0 / 0.35);
    display: grid;
    place-items: center;
    line-height: 1;
  }
  .hotspot::before,
  .hotspot::after {
    content: '';
    position: absolute;
    background: currentColor;
    border-radius: 1px;
  }
  .hotspot::before {
    width: 40%;
    height: 2px;
  }
  .hotspot::after {
    width: 2px;
    height: 40%;
  }
  .hotspot:hover:not(:disabled),
  .hotspot[aria-expanded='true'] {
    background: var(--_accent);
    color: var(--_accent-text);
    border-color: var(--_accent-text);
  }
  .hotspot:focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 3px;
    box-shadow: 0 0 0 8px #ffffff, 0 2px 8px rgb(0 0 0 / 0.35);
  }
  .hotspot .tip {
    position: absolute;
    left: 50%;
    bottom: calc(100% + 8px);
    transform: translateX(-50%);
    white-space: nowrap;
    padding: 0.3rem 0.55rem;
    border-radius: calc(var(--_radius) * 0.5);
    background: var(--_text);
    color: var(--_surface);
    font-size: 0.875rem;
    line-height: 1.2;
    opacity: 0;
    pointer-events: none;
    transition: opacity 120ms;
  }
  .hotspot:hover .tip,
  .hotspot:focus-visible .tip {
    opacity: 1;
  }

  /* Video: cards of this moment, then every product */
  h2,
  h3,
  h4 {
    margin: 0;
    line-height: 1.25;
  }
  .section-title {
    font-size: 0.9375rem;
    font-weight: 600;
    color: var(--_muted);
    margin: 0 0 0.4rem;
  }
  .cards ul,
  .products ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
  }
  .cards .empty {
    margin: 0;
    color: var(--_muted);
    font-size: 0.9375rem;
  }
  .product-box {
    position: relative;
    display: grid;
    gap: 0.1rem;
    padding: 0.6rem 0.85rem;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface);
    min-width: 12rem;
  }
  .card-box {
    border-left: 4px solid var(--_accent);
    box-shadow: 0 1px 4px rgb(0 0 0 / 0.12);
  }
  .product-box:hover {
    border-color: var(--_accent);
  }
  .product-box button {
    border: none;
    background: none;
    padding: 0;
    min-height: 0;
    text-align: left;
    font-weight: 600;
    color: var(--_text);
  }
  .product-box button::after {
    content: '';
    position: absolute;
    inset: 0;
    border-radius: var(--_radius);
  }
  .product-box button:focus-visible {
    outline: none;
  }
  .product-box button:focus-visible::after {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }
  .card-meta {
    color: var(--_muted);
    font-size: 0.875rem;
  }

  /* Dialogs: the product panel and the cart drawer */
  dialog {
    border: none;
    padding: 0;
    color: var(--_text);
    background: var(--_surface);
    border-radius: var(--_radius);
    box-shadow: 0 12px 40px rgb(0 0 0 / 0.35);
    max-width: min(30rem, calc(100vw - 1.5rem));
    width: 100%;
    max-height: calc(100vh - 1.5rem);
    overflow: auto;
  }
  dialog::backdrop {
    background: var(--shoppable-backdrop, rgb(17 24 39 / 0.55));
  }
  dialog.drawer {
    margin: 0 0 0 auto;
    height: 100vh;
    max-height: 100vh;
    max-width: min(32rem, 100vw);
    border-radius: var(--_radius) 0 0 var(--_radius);
  }
  .dialog-body {
    display: grid;
    gap: 0.9rem;
    padding: 1.1rem 1.25rem 1.4rem;
  }
  .dialog-head {
    display: flex;
    align-items: flex-start;
    justify-content: space-between;
    gap: 0.75rem;
  }
  .dialog-head h2 {
    font-size: 1.3rem;
  }
  .brand {
    margin: 0;
    color: var(--_muted);
  }
  .price {
    margin: 0;
    font-size: 1.2rem;
    font-weight: 600;
  }
  form {
    display: grid;
    gap: 0.8rem;
    margin: 0;
  }
  .field {
    display: grid;
    gap: 0.25rem;
    align-content: start;
  }
  .field label,
  legend {
    font-weight: 600;
    font-size: 0.9375rem;
  }
  select,
  input[type='number'],
  input[type='text'],
  input[type='email'],
  input[type='tel'] {
    width: 100%;
    min-height: 2.5rem;
    padding: 0.4rem 0.6rem;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 0.6);
    background: var(--_surface);
  }
  input[aria-invalid='true'] {
    border-color: var(--_danger);
    border-width: 2px;
  }
  .field-error {
    margin: 0;
    color: var(--_danger);
    font-size: 0.875rem;
  }
  .hint {
    margin: 0;
    color: var(--_muted);
    font-size: 0.875rem;
  }
  fieldset {
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 0.6);
    margin: 0;
    padding: 0.5rem 0.8rem 0.7rem;
    display: grid;
    gap: 0.35rem;
  }
  .radio {
    display: flex;
    align-items: center;
    gap: 0.5rem;
  }
  .radio input {
    width: 1.1rem;
    height: 1.1rem;
    margin: 0;
    accent-color: var(--_accent);
  }
  .grid-2 {
    display: grid;
    grid-template-columns: 1fr 1fr;
    gap: 0.6rem 0.75rem;
  }
  .grid-2 .wide {
    grid-column: 1 / -1;
  }

  /* Cart */
  .store {
    display: grid;
    gap: 0.6rem;
    padding-bottom: 0.9rem;
    border-bottom: 1px solid var(--_border);
  }
  .store h3 {
    font-size: 1.05rem;
  }
  .lines {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 0.7rem;
  }
  .line {
    display: grid;
    gap: 0.35rem;
  }
  .line-title {
    font-weight: 600;
  }
  .line-meta {
    color: var(--_muted);
    font-size: 0.875rem;
  }
  .line-warning {
    color: var(--_danger);
    font-size: 0.875rem;
    margin: 0;
  }
  .line-controls {
    display: flex;
    align-items: center;
    gap: 0.4rem;
    flex-wrap: wrap;
  }
  .stepper {
    display: inline-flex;
    align-items: center;
    gap: 0.25rem;
  }
  .stepper button {
    width: 2.5rem;
    padding: 0;
    font-weight: 700;
  }
  .qty {
    min-width: 2rem;
    text-align: center;
    font-variant-numeric: tabular-nums;
  }
  .remove {
    margin-left: auto;
  }
  dl.costs {
    margin: 0;
    display: grid;
    grid-template-columns: 1fr auto;
    gap: 0.2rem 1rem;
  }
  dl.costs dt {
    color: var(--_text);
  }
  dl.costs dd {
    margin: 0;
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
  dl.costs .total {
    font-weight: 700;
    font-size: 1.05rem;
  }
  .estimate-note {
    margin: 0;
    color: var(--_muted);
    font-size: 0.875rem;
  }

  /* Confirmations */
  .confirmation {
    display: grid;
    gap: 0.6rem;
  }
  .confirmation h2,
  .confirmation h3 {
    font-size: 1.1rem;
  }
  .confirmation .order h3,
  .confirmation h4 {
    font-size: 1rem;
  }
  .order {
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: 0.7rem 0.9rem;
    display: grid;
    gap: 0.2rem;
  }
  .order p {
    margin: 0;
  }
  .order-status {
    font-weight: 600;
  }
  .order ul {
    margin: 0.2rem 0 0;
    padding-left: 1.2rem;
  }
  @media (max-width: 30rem) {
    .grid-2 {
      grid-template-columns: 1fr;
    }
    .grid-2 .wide {
      grid-column: auto;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .hotspot .tip {
      transition: none;
    }
  }
`;
