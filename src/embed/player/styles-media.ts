// The player's styles for the media (styles.ts puts them after its base rules): the frame of the
// image or video, an image's numbered hotspot buttons with their tooltip (sized and coloured by
// --shoppable-hotspot-size, never under 44 px, -color and -text) and their legend, a video's
// product cards (over its top left corner) and list, and the product panel's picture and
// currency note.
import { css } from 'lit';

export const mediaStyles = css`
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
    width: max(44px, var(--_hotspot));
    height: max(44px, var(--_hotspot));
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
    font-weight: 700;
    font-size: 1.05rem;
    line-height: 1;
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
    font-weight: 400;
    line-height: 1.2;
    opacity: 0;
    pointer-events: none;
    transition: opacity 120ms;
  }
  .hotspot:hover .tip,
  .hotspot:focus-visible .tip {
    opacity: 1;
  }

  /* The hotspots' legend: number, title, brand and price */
  .legend {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(min(100%, 15rem), 1fr));
    gap: 0.4rem 0.9rem;
  }
  .legend li {
    display: grid;
    grid-template-columns: auto minmax(0, 1fr);
    column-gap: 0.6rem;
    align-items: center;
    cursor: pointer;
  }
  .legend .number {
    grid-row: span 2;
    display: grid;
    place-items: center;
    width: 1.75rem;
    height: 1.75rem;
    border-radius: 50%;
    border: 2px solid var(--_text);
    font-weight: 700;
    font-size: 0.875rem;
  }
  .legend-title {
    font-weight: 600;
  }
  .legend-title,
  .legend .card-meta {
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
  }
  .legend li:hover .legend-title {
    text-decoration: underline;
  }

  /* Video: cards of this moment, then every product */
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
  /* The cards of this moment, over the video's top left corner, one under another */
  .cards {
    position: absolute;
    top: 0.6rem;
    left: 0.6rem;
    right: 0.6rem;
    line-height: 1.4;
    pointer-events: none;
  }
  .cards ul {
    flex-direction: column;
    align-items: flex-start;
    gap: 0.4rem;
  }
  .cards .product-box {
    pointer-events: auto;
    min-width: 0;
    max-width: min(16rem, 100%);
    padding: 0.4rem 0.7rem;
    box-shadow: 0 2px 10px rgb(0 0 0 / 0.3);
  }
  .cards .product-box button,
  .cards .card-meta {
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
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

  /* The product panel: its picture beside brand and price, and why it cannot join the cart */
  .panel-summary {
    display: flex;
    align-items: center;
    gap: 0.9rem;
  }
  .panel-picture {
    width: 6.5rem;
    height: 6.5rem;
    flex: none;
    object-fit: cover;
    border-radius: calc(var(--_radius) * 0.6);
    background: #e5e7eb;
  }
  .currency-note {
    margin: 0;
    padding: 0.6rem 0.8rem;
    border: 1px solid var(--_border);
    border-left: 4px solid var(--_accent);
    border-radius: calc(var(--_radius) * 0.6);
  }
  @media (prefers-reduced-motion: reduce) {
    .hotspot .tip {
      transition: none;
    }
  }
`;
