// The player's styles for the media (styles.ts puts them after its base rules): the frame of the
// image or video, an image's hotspot buttons with their tooltip (sized and coloured by
// --shoppable-hotspot-size, -color and -text), and a video's product cards and list.
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
  @media (prefers-reduced-motion: reduce) {
    .hotspot .tip {
      transition: none;
    }
  }
`;
