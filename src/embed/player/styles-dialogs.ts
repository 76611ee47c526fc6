// The player's styles for its two dialogs (styles.ts puts them after the media's): the product
// panel centred and the cart drawer at the side, over a backdrop (--shoppable-backdrop), with the
// form controls both use (labels, selects, inputs, their errors and hints, radio groups).
import { css } from 'lit';

export const dialogStyles = css`
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
  @media (max-width: 30rem) {
    .grid-2 {
      grid-template-columns: 1fr;
    }
    .grid-2 .wide {
      grid-column: auto;
    }
  }
`;
