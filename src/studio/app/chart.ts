// A small line chart in plain SVG, drawn at the width it is given (so that its text keeps its size
// on a phone): a line per series over buckets of time, on a shared scale from 0. Each series has
// its colour (4.5:1 or more on white), its dash pattern and its marker shape (on each value above
// 0), so that no line is told from another by colour alone; the legend (HTML) shows the same three.
// The first series' line is drawn last, on top of the others where they meet (at 0, mostly). What the chart means
// is said in words by its host (an aria-label, a caption and a table of the same numbers).
import { html, svg, type SVGTemplateResult } from 'lit';

export type Marker = 'circle' | 'square' | 'triangle' | 'diamond';

export interface ChartSeries {
  label: string;
  colour: string;
  /** stroke-dasharray; '' for a solid line. */
  dash: string;
  marker: Marker;
  values: number[];
}

export interface LineChart {
  series: ChartSeries[];
  /** Each bucket's label under the axis ('' for none). */
  ticks: string[];
  width: number;
  height: number;
  /** What the chart shows, in words (the SVG's aria-label). */
  summary: string;
}

const pad = { top: 12, right: 24, bottom: 30, left: 48 };
const axisColour = '#4a4a4a';
const gridColour = '#d3d0c8';

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });
/** A level of the scale: "800", "12K", "1.5M". */
const levelText = (value: number) => (value < 10_000 ? String(value) : compact.format(value));

/** A step of 1, 2 or 5 times a power of ten, so that about four steps reach `max`. */
export function niceStep(max: number): number {
  const rough = Math.max(max / 4, 1);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].find((each) => each * power >= rough) ?? 10;
  return step * power;
}

/**
 * A point's marker: outlines of decreasing size and a small filled diamond, so that markers of
 * equal values drawn on one another stay told apart.
 */
function markerAt(marker: Marker, x: number, y: number, colour: string): SVGTemplateResult {
  if (marker === 'circle') return svg`<circle cx=${x} cy=${y} r="6.5" fill="none" stroke=${colour} stroke-width="2" />`;
  if (marker === 'square')
    return svg`<rect x=${x - 4.5} y=${y - 4.5} width="9" height="9" fill="none" stroke=${colour} stroke-width="2" />`;
  const points =
    marker === 'triangle'
      ? `${x},${y - 4.5} ${x + 4.5},${y + 3.5} ${x - 4.5},${y + 3.5}`
      : `${x},${y - 3.5} ${x + 3.5},${y} ${x},${y + 3.5} ${x - 3.5},${y}`;
  const fill = marker === 'diamond' ? colour : 'none';
  return svg`<polygon points=${points} fill=${fill} stroke=${colour} stroke-width="1.5" />`;
}

/** The chart's SVG: role="img", named by its summary. */
export function renderLineChart(chart: LineChart) {
  const { width, height, series, ticks } = chart;
  const plotWidth = Math.max(width - pad.left - pad.right, 10);
  const plotHeight = Math.max(height - pad.top - pad.bottom, 10);
  const buckets = ticks.length;
  const highest = Math.max(1, ...series.flatMap((each) => each.values));
  const step = niceStep(highest);
  const top = Math.ceil(highest / step) * step;
  const gap = buckets > 1 ? plotWidth / (buckets - 1) : 0;
  const x = (index: number) => pad.left + (buckets > 1 ? index * gap : plotWidth / 2);
  const y = (value: number) => pad.top + plotHeight - (value / top) * plotHeight;
  const levels = Array.from({ length: Math.round(top / step) + 1 }, (_, index) => index * step);
  // A label every so many buckets, so that labels about 64 px wide never overlap.
  const every = Math.max(1, Math.ceil(buckets / Math.max(1, Math.floor(plotWidth / 64))));
  return html`<svg
    class="chart"
    role="img"
    aria-label=${chart.summary}
    width=${width}
    height=${height}
    viewBox="0 0 ${width} ${height}"
  >
    ${levels.map(
      (level) => svg`<line x1=${pad.left} x2=${pad.left + plotWidth} y1=${y(level)} y2=${y(level)}
          stroke=${level === 0 ? axisColour : gridColour} stroke-width="1" />
        <text x=${pad.left - 8} y=${y(level) + 4} text-anchor="end" fill=${axisColour}>${levelText(level)}</text>`,
    )}
    ${ticks.map((tick, index) =>
      tick && index % every === 0
        ? svg`<text x=${x(index)} y=${height - 8} text-anchor="middle" fill=${axisColour}>${tick}</text>`
        : svg``,
    )}
    ${[...series].reverse().map((each) => {
      const path = each.values.map((value, index) => `${index ? 'L' : 'M'}${x(index)},${y(value)}`).join(' ');
      return svg`<path d=${path} fill="none" stroke=${each.colour} stroke-width="2"
        stroke-dasharray=${each.dash || 'none'} stroke-linejoin="round" />`;
    })}
    ${series.map((each) =>
      each.values.map((value, index) => (value > 0 ? markerAt(each.marker, x(index), y(value), each.colour) : svg``)),
    )}
  </svg>`;
}

/** A legend entry's sample: a short line in the series' dash with its marker, decorative. */
export function renderSample(each: ChartSeries) {
  return html`<svg class="sample" width="36" height="14" viewBox="0 0 36 14" aria-hidden="true">
    <line x1="2" x2="34" y1="7" y2="7" stroke=${each.colour} stroke-width="2" stroke-dasharray=${each.dash || 'none'} />
    ${markerAt(each.marker, 18, 7, each.colour)}
  </svg>`;
}
