// The parts of a media item's "Performance" view (performance.ts): the funnel (impressions, hotspot
// openings, carts, orders, each with its count and its rate against impressions as the gateway
// gives it, plays and revenue beside them), the chart of the series over time (chart.ts) in a
// <figure> with its caption, its legend and the same numbers as a table, and the table per hotspot
// (by_placement), each named by its product's title.
import { html, nothing } from 'lit';
import type { MediaPerformance, PerformanceBucket, PlacementFigures, PlacementView } from './api.js';
import { renderLineChart, renderSample, type ChartSeries, type Marker } from './chart.js';
import { rangeWords, type DateRange } from './date-range.js';
import { count, counted, money, rate, revenueWords } from './figures.js';
import { styled } from './geometry.js';

type Step = 'impressions' | 'hotspot_opens' | 'carts' | 'orders';

interface Line {
  key: Step;
  label: string;
  colour: string;
  dash: string;
  marker: Marker;
}

/** The four steps, each drawn in its colour (4.5:1 or more on white), dash pattern and marker. */
export const lines: Line[] = [
  { key: 'impressions', label: 'Impressions', colour: '#1f5f4a', dash: '', marker: 'circle' },
  { key: 'hotspot_opens', label: 'Hotspot opens', colour: '#0b57d0', dash: '8 4', marker: 'square' },
  { key: 'carts', label: 'Carts', colour: '#9c4500', dash: '2 3', marker: 'triangle' },
  { key: 'orders', label: 'Orders', colour: '#7a2a8c', dash: '10 3 2 3', marker: 'diamond' },
];

/** Whether the window has no figure at all: nothing to draw. */
export const noFigures = (figures: MediaPerformance) =>
  figures.impressions + figures.plays + figures.hotspot_opens + figures.carts + figures.orders === 0 &&
  figures.revenue.length === 0;

const rates: { key: Step; rate: 'engagement_rate' | 'add_to_cart_rate' | 'conversion_rate'; name: string }[] = [
  { key: 'hotspot_opens', rate: 'engagement_rate', name: 'engagement rate' },
  { key: 'carts', rate: 'add_to_cart_rate', name: 'add-to-cart rate' },
  { key: 'orders', rate: 'conversion_rate', name: 'conversion rate' },
];

function renderStep(figures: MediaPerformance, line: Line, widest: number) {
  const value = figures[line.key];
  const step = rates.find((each) => each.key === line.key);
  const rated = step
    ? html`${rate(figures[step.rate])} of impressions <span class="hint">(${step.name})</span>`
    : nothing;
  return html`<li>
    <span class="step-name">${line.label}</span>
    <span class="step-count">${count(value)}</span>
    <span class="step-rate">${rated}</span>
    <span class="step-bar" aria-hidden="true"
      ><span ${styled({ width: `${(value / widest) * 100}%`, background: line.colour })}></span
    ></span>
  </li>`;
}

export function renderFunnel(figures: MediaPerformance, video: boolean) {
  // Bars against impressions (or the largest step when carts came from pages without the player).
  const widest = Math.max(1, figures.impressions, figures.hotspot_opens, figures.carts, figures.orders);
  return html`<section class="funnel-part" aria-labelledby="funnel-title">
    <h3 id="funnel-title">Funnel</h3>
    <ol class="funnel" aria-labelledby="funnel-title">
      ${lines.map((line) => renderStep(figures, line, widest))}
    </ol>
    <dl class="totals">
      ${video ? html`<div><dt>Plays</dt><dd>${count(figures.plays)}</dd></div>` : nothing}
      <div><dt>Units sold</dt><dd>${count(figures.units_sold)}</dd></div>
      <div><dt>Revenue</dt><dd>${figures.revenue.length ? revenueWords(figures.revenue) : 'None yet'}</dd></div>
    </dl>
  </section>`;
}

const utc = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' });
const shortDay = utc({ day: 'numeric', month: 'short' });
const longDay = utc({ day: 'numeric', month: 'short', year: 'numeric' });
const clock = utc({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** Under the axis: "29 Nov" for a day (and an hour's midnight), "14:00" for another hour. */
function tickOf(bucket: PerformanceBucket, hourly: boolean): string {
  const at = new Date(bucket.at);
  return hourly && at.getUTCHours() !== 0 ? clock.format(at) : shortDay.format(at);
}

/** A row of the table: "29 Nov 2026", or "29 Nov 2026, 14:00". */
function rowOf(bucket: PerformanceBucket, hourly: boolean): string {
  const at = new Date(bucket.at);
  return hourly ? `${longDay.format(at)}, ${clock.format(at)}` : longDay.format(at);
}

export interface OverTimeHost {
  figures: MediaPerformance;
  range: DateRange;
  hourly: boolean;
  chartWidth: number;
  showTable: boolean;
  toggleTable(): void;
}

const stepWords: Record<Step, [string, string]> = {
  impressions: ['impression', 'impressions'],
  hotspot_opens: ['hotspot open', 'hotspot opens'],
  carts: ['cart', 'carts'],
  orders: ['order', 'orders'],
};

/** The chart's aria-label: what it shows, the totals, and its busiest bucket. */
function summaryOf(host: OverTimeHost, series: PerformanceBucket[]): string {
  const per = host.hourly ? 'hour' : 'day';
  const totals = lines.map((line) => {
    const [one, many] = stepWords[line.key];
    return counted(
      series.reduce((sum, bucket) => sum + bucket[line.key], 0),
      one,
      many,
    );
  });
  const busiest = series.reduce((best, bucket) => (bucket.impressions > best.impressions ? bucket : best));
  const peak = busiest.impressions
    ? ` The most impressions in one ${per}: ${count(busiest.impressions)}, ${rowOf(busiest, host.hourly)}.`
    : '';
  return (
    `Line chart per ${per}, ${rangeWords(host.range)} (UTC): ` +
    `${totals.slice(0, -1).join(', ')} and ${totals.at(-1)} in all.${peak}`
  );
}

export function renderOverTime(host: OverTimeHost) {
  const series = host.figures.series ?? [];
  if (series.length === 0) return nothing;
  const per = host.hourly ? 'hour' : 'day';
  const chartSeries: ChartSeries[] = lines.map((line) => ({
    ...line,
    values: series.map((bucket) => bucket[line.key]),
  }));
  const width = host.chartWidth;
  return html`<section class="over-time" aria-labelledby="over-time-title">
    <h3 id="over-time-title">Over time</h3>
    <figure class="chart-figure">
      <figcaption>
        Impressions, hotspot opens, carts and orders per ${per}, ${rangeWords(host.range)} (UTC)
      </figcaption>
      <ul class="legend" aria-label="Legend">
        ${chartSeries.map((each) => html`<li>${renderSample(each)}<span>${each.label}</span></li>`)}
      </ul>
      <div class="chart-box">
        ${
          width > 0
            ? renderLineChart({
                series: chartSeries,
                ticks: series.map((bucket) => tickOf(bucket, host.hourly)),
                width,
                height: width < 480 ? 220 : 280,
                summary: summaryOf(host, series),
              })
            : nothing
        }
      </div>
      <button
        type="button"
        class="disclosure"
        aria-expanded=${host.showTable ? 'true' : 'false'}
        aria-controls="numbers"
        @click=${() => host.toggleTable()}
      >
        ${host.showTable ? 'Hide the table' : 'Show the numbers as a table'}
      </button>
      <div id="numbers" ?hidden=${!host.showTable}>${host.showTable ? renderNumbers(host, series) : nothing}</div>
    </figure>
  </section>`;
}

function renderNumbers(host: OverTimeHost, series: PerformanceBucket[]) {
  const per = host.hourly ? 'Hour' : 'Day';
  const total = (key: Step) => series.reduce((sum, bucket) => sum + bucket[key], 0);
  return html`<div class="table-scroll" role="region" aria-labelledby="numbers-caption" tabindex="0">
    <table class="figures">
      <caption id="numbers-caption">
        The chart's numbers per ${per.toLowerCase()}, ${rangeWords(host.range)} (UTC)
      </caption>
      <thead>
        <tr>
          <th scope="col">${per} (UTC)</th>
          ${lines.map((line) => html`<th scope="col">${line.label}</th>`)}
        </tr>
      </thead>
      <tbody>
        ${series.map(
          (bucket) =>
            html`<tr>
              <th scope="row">${rowOf(bucket, host.hourly)}</th>
              ${lines.map((line) => html`<td>${count(bucket[line.key])}</td>`)}
            </tr>`,
        )}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Total</th>
          ${lines.map((line) => html`<td>${count(total(line.key))}</td>`)}
        </tr>
      </tfoot>
    </table>
  </div>`;
}

/** "2. Ridgeline Rain Shell": the hotspot's number (as the player shows it) and its product's title. */
function hotspotName(entry: PlacementFigures, titles: Map<number, string>, placements: PlacementView[] | null) {
  const position = Number(entry.placement_id.split(':')[1] ?? 0) + 1;
  const title =
    entry.product_id === null
      ? 'a product the media item no longer shows'
      : (titles.get(entry.product_id) ?? `Product ${entry.product_id}`);
  const replaced = placements && !placements.some((placement) => placement.id === entry.placement_id);
  return `${position}. ${title}${replaced ? ' (no longer placed)' : ''}`;
}

export function renderHotspots(
  figures: MediaPerformance,
  range: DateRange,
  titles: Map<number, string>,
  placements: PlacementView[] | null,
) {
  const heads = ['Hotspot opens', 'Carts', 'Units added', 'Orders', 'Units sold', 'Revenue'];
  return html`<section class="hotspots" aria-labelledby="hotspots-title">
    <h3 id="hotspots-title">Per hotspot</h3>
    ${
      figures.by_placement.length === 0
        ? html`<p>This media item has no hotspots: place products on it in Edit placements.</p>`
        : html`<div class="table-scroll" role="region" aria-labelledby="hotspots-caption" tabindex="0">
          <table class="figures">
            <caption id="hotspots-caption">
              Each hotspot's figures, ${rangeWords(range)} (UTC)
            </caption>
            <thead>
              <tr>
                <th scope="col">Hotspot</th>
                ${heads.map((head) => html`<th scope="col">${head}</th>`)}
              </tr>
            </thead>
            <tbody>
              ${figures.by_placement.map(
                (entry) =>
                  html`<tr>
                    <th scope="row">${hotspotName(entry, titles, placements)}</th>
                    ${[entry.hotspot_opens, entry.carts, entry.units_added, entry.orders, entry.units_sold].map(
                      (value) => html`<td>${count(value)}</td>`,
                    )}
                    <td>${entry.revenue.length ? entry.revenue.map(money).join(', ') : '–'}</td>
                  </tr>`,
              )}
            </tbody>
          </table>
        </div>`
    }
  </section>`;
}
