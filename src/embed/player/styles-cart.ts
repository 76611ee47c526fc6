// The player's styles for the cart drawer's content (styles.ts puts them last): each store's
// lines with their pictures and steppers, the cost lists, and the order confirmations with their
// lines and statuses (in the drawer, and under the media once the drawer is closed).
import { css } from 'lit';

export const cartStyles = css`
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
  .line-group {
    display: grid;
    gap: 0.35rem;
  }
  .line-head {
    display: flex;
    align-items: flex-start;
    gap: 0.75rem;
    min-width: 0;
  }
  /* A product's picture: a frame of its own size, empty without one or when it fails to load. */
  .thumb {
    flex: none;
    width: 3.5rem;
    height: 3.5rem;
    border-radius: calc(var(--_radius) * 0.5);
    background: var(--_border);
    overflow: hidden;
  }
  .thumb img {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
  .thumb img[hidden] {
    display: none;
  }
  /* A control while a change runs: it keeps its focus and colours (its action waits or is dropped). */
  [aria-disabled='true'] {
    cursor: progress;
    border-style: dashed;
  }
  .line-title {
    font-weight: 600;
  }
  .line-meta {
    color: var(--_muted);
    font-size: 0.875rem;
  }
  .codes {
    display: grid;
    gap: 0.5rem;
    padding-bottom: 0.9rem;
    border-bottom: 1px solid var(--_border);
  }
  .code-list {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 0.35rem;
  }
  .code {
    font-weight: 600;
  }
  .code-form {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem;
  }
  .notices ul {
    margin: 0;
    padding-left: 1.1rem;
    color: var(--_danger);
    font-size: 0.875rem;
  }
  .notices h4 {
    margin: 0;
    font-size: 0.95rem;
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
  .order ul.order-lines {
    list-style: none;
    padding: 0;
    display: grid;
    gap: 0.5rem;
  }
  .order-lines li {
    display: flex;
    align-items: center;
    gap: 0.75rem;
  }
  .order-lines li > div {
    flex: 1;
    min-width: 0;
  }
  .order-lines .thumb {
    width: 2.75rem;
    height: 2.75rem;
  }
  .amount {
    font-variant-numeric: tabular-nums;
  }
  .order-total {
    display: flex;
    justify-content: space-between;
    font-weight: 700;
  }
`;
