// The player's styles, in its shadow root (adopted style sheets: allowed by a strict
// Content-Security-Policy, and nothing leaks in or out). This module holds the theme's tokens
// and the base rules; each area's rules are in styles-media.ts, styles-dialogs.ts and
// styles-cart.ts, and `styles` puts them together in that order.
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
//   --shoppable-hotspot-size    diameter of an image's hotspot buttons    (default and least 44px)
//   --shoppable-hotspot-color   hotspot background                        (default #ffffff)
//   --shoppable-hotspot-text    hotspot mark and ring                     (default #111827)
//   --shoppable-backdrop        behind the open panel or cart             (default rgb(17 24 39 / 0.55))
//
// Colours chosen by a page must keep WCAG AA contrast (4.5:1 for text) with the surface.
import { css } from 'lit';
import { cartStyles } from './styles-cart.js';
import { dialogStyles } from './styles-dialogs.js';
import { mediaStyles } from './styles-media.js';

/** The tokens (each custom property with its default, as --_name) and the rules every part uses. */
export const baseStyles = css`
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
    --_hotspot: var(--shoppable-hotspot-size, 44px);
    display: block;
    font-family: var(
      --shoppable-font,
      system-ui,
      -apple-system,
      'Segoe UI',
      Roboto,
      'Helvetica Neue',
      Arial,
      sans-serif
    );
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
  h2,
  h3,
  h4 {
    margin: 0;
    line-height: 1.25;
  }
`;

/** The element's styles, one adopted sheet each: the base first (a later rule wins a tie). */
export const styles = [baseStyles, mediaStyles, dialogStyles, cartStyles];
