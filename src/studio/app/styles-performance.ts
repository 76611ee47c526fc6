// The styles of the figures (styles.ts adopts them with its own): the date range, the funnel, the
// chart with its legend, the tables (scrolled sideways on a narrow screen, never squeezed), the
// "Rank by" select and the media list's "Performance" buttons. Text keeps 4.5:1 or more on white.
import { css } from 'lit';

export const performanceStyles = css`
  select {
    font: inherit;
    color: var(--text);
    min-height: 44px;
    padding: 0.45rem 0.6rem;
    border: 1px solid var(--line);
    border-radius: 6px;
    background: var(--surface);
    max-width: 100%;
  }
  select:focus-visible {
    outline: 3px solid var(--focus);
    outline-offset: 2px;
  }
  button.small {
    min-height: 44px;
    margin: 0.25rem 0.5rem 0;
    padding: 0.3rem 0.8rem;
    font-size: 0.9rem;
  }
  button.link {
    min-height: 44px;
    padding: 0.3rem 0.4rem;
    margin-left: -0.4rem;
    border-color: transparent;
    background: transparent;
    color: var(--accent-dark);
    font-weight: 600;
    text-decoration: underline;
    text-align: left;
    overflow-wrap: anywhere;
  }
  .list-tools {
    display: flex;
    gap: 0.5rem 1.5rem;
    flex-wrap: wrap;
    align-items: flex-start;
  }
  .list-tools .search {
    flex: 1 1 16rem;
  }
  .range {
    display: flex;
    flex-wrap: wrap;
    align-items: flex-end;
    gap: 0.5rem 1rem;
    margin: 0.75rem 0 1rem;
  }
  .range label {
    margin-top: 0;
  }
  .range input[type='date'] {
    min-height: 44px;
    padding: 0.4rem 0.6rem;
    border: 1px solid var(--line);
    border-radius: 6px;
    background: var(--surface);
  }
  .range .range-hint,
  .range .alert {
    flex-basis: 100%;
  }
  .performance > section {
    margin: 1.25rem 0 1.75rem;
  }
  .funnel {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 0.5rem;
    max-width: 48rem;
  }
  .funnel li {
    display: grid;
    grid-template-columns: minmax(7.5rem, 10rem) minmax(3rem, 5rem) 1fr;
    grid-template-areas: 'name count rate' 'bar bar bar';
    gap: 0.1rem 0.75rem;
    align-items: baseline;
    padding: 0.5rem 0.75rem;
    background: var(--surface);
    border: 1px solid var(--soft-line);
    border-radius: 6px;
  }
  .step-name {
    grid-area: name;
    font-weight: 600;
  }
  .step-count {
    grid-area: count;
    font-size: 1.25rem;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
    text-align: right;
  }
  .step-rate {
    grid-area: rate;
  }
  .step-bar {
    grid-area: bar;
    display: block;
    height: 0.5rem;
    margin-top: 0.35rem;
    background: #eceae4;
    border-radius: 3px;
    overflow: hidden;
  }
  .step-bar span {
    display: block;
    height: 100%;
    max-width: 100%;
  }
  @media (max-width: 32rem) {
    .funnel li {
      grid-template-columns: 1fr auto;
      grid-template-areas: 'name count' 'rate rate' 'bar bar';
    }
  }
  .totals {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem 2rem;
    margin: 1rem 0 0;
  }
  .totals dt {
    color: var(--muted);
    font-size: 0.9rem;
  }
  .totals dd {
    margin: 0;
    font-size: 1.15rem;
    font-weight: 700;
  }
  .chart-figure {
    margin: 0;
    padding: 0.75rem 1rem 1rem;
    background: var(--surface);
    border: 1px solid var(--soft-line);
    border-radius: 8px;
  }
  .chart-figure figcaption {
    font-weight: 600;
  }
  .legend {
    list-style: none;
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem 1.25rem;
    margin: 0.5rem 0;
    padding: 0;
  }
  .legend li {
    display: flex;
    align-items: center;
    gap: 0.4rem;
  }
  .chart-box {
    width: 100%;
    min-height: 220px;
  }
  .chart {
    display: block;
    font-size: 12px;
    font-variant-numeric: tabular-nums;
  }
  .disclosure {
    margin-top: 0.5rem;
  }
  /* A table wider than the screen scrolls sideways; its caption stays within the visible width. */
  .table-scroll {
    overflow-x: auto;
    max-width: 100%;
    margin: 0.5rem 0;
    container-type: inline-size;
  }
  .figures {
    border-collapse: collapse;
    background: var(--surface);
    font-variant-numeric: tabular-nums;
  }
  .figures caption {
    text-align: left;
    font-weight: 600;
    padding: 0.25rem 0 0.5rem;
    max-width: 100cqw;
    position: sticky;
    left: 0;
  }
  .figures th,
  .figures td {
    padding: 0.4rem 0.75rem;
    border-bottom: 1px solid var(--soft-line);
    text-align: right;
    white-space: nowrap;
  }
  .figures thead th {
    white-space: normal;
    vertical-align: bottom;
  }
  .figures th[scope='row'],
  .figures thead th:first-child {
    text-align: left;
  }
  @media (max-width: 32rem) {
    .figures th,
    .figures td {
      padding: 0.35rem 0.4rem;
    }
  }
  .figures tfoot th,
  .figures tfoot td {
    font-weight: 700;
  }
  .ranking-title {
    font-size: 1rem;
    margin: 0.5rem 0;
  }
  .ranking {
    list-style: none;
    margin: 0 0 1rem;
    padding: 0;
    display: grid;
    gap: 0.5rem;
  }
  .ranking li {
    display: grid;
    grid-template-columns: 2.5rem minmax(10rem, 16rem) 1fr;
    align-items: center;
    gap: 0.25rem 1rem;
    padding: 0.4rem 0.75rem;
    background: var(--surface);
    border: 1px solid var(--soft-line);
    border-radius: 6px;
  }
  .rank {
    font-size: 1.2rem;
    font-weight: 700;
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
  .ranked-media .hint {
    display: block;
    margin: 0;
  }
  .ranked-figures {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(6.5rem, 1fr));
    gap: 0.25rem 0.75rem;
    margin: 0;
  }
  .ranked-figures div {
    padding-left: 0.5rem;
    border-left: 3px solid transparent;
  }
  .ranked-figures dt {
    color: var(--muted);
    font-size: 0.85rem;
  }
  .ranked-figures dd {
    margin: 0;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }
  .ranked-figures .ranked {
    border-left-color: var(--accent);
  }
  .ranked-figures .ranked dt {
    color: var(--text);
    font-weight: 700;
  }
  .ranked-figures .ranked dd {
    font-size: 1.15rem;
    font-weight: 800;
  }
  @media (max-width: 40rem) {
    .ranking li {
      grid-template-columns: 2rem minmax(0, 1fr);
    }
    .ranked-figures {
      grid-column: 1 / -1;
      grid-template-columns: repeat(auto-fill, minmax(6.5rem, 1fr));
    }
  }
`;
