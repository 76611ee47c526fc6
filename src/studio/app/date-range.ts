// The dates the studio's figures are shown for: whole UTC days, both included, as the gateway counts
// them (its series' days and hours are UTC). "From" and "To" are two date inputs (YYYY-MM-DD),
// the last 30 days by default; a range the gateway would refuse, or that makes no sense, is said in
// words before anything is asked. Two days or less are shown by the hour, longer ones by the day.
import { html, nothing } from 'lit';
import type { TimeWindow } from './api.js';

/** Two calendar days, YYYY-MM-DD, in UTC. */
export interface DateRange {
  from: string;
  to: string;
}

const dayMs = 86_400_000;
/** The most days a range may have: the gateway's 2,000 buckets of a day's series. */
export const maxDays = 2000;
/** Ranges of this many days or fewer are shown by the hour. */
export const hourlyDays = 2;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string) => Date.parse(`${day}T00:00:00.000Z`);
const isDay = (day: string) => /^\d{4}-\d{2}-\d{2}$/.test(day) && Number.isFinite(msOf(day));

/** The last 30 days, today (UTC) included. */
export function defaultRange(now = Date.now()): DateRange {
  return { from: dayOf(now - 29 * dayMs), to: dayOf(now) };
}

/** How many days the range holds, both ends included. */
export const daysIn = (range: DateRange) => Math.round((msOf(range.to) - msOf(range.from)) / dayMs) + 1;

export const intervalOf = (range: DateRange): 'hour' | 'day' => (daysIn(range) <= hourlyDays ? 'hour' : 'day');

/** From the first millisecond of `from` to the last of `to`. */
export function windowOf(range: DateRange): TimeWindow {
  return { from: `${range.from}T00:00:00.000Z`, to: `${range.to}T23:59:59.999Z` };
}

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "3 Nov 2026". */
export const dayWords = (day: string) => dateFormat.format(new Date(msOf(day)));

/** "3 Nov 2026 to 2 Dec 2026", or the one day. */
export const rangeWords = (range: DateRange) =>
  range.from === range.to ? dayWords(range.from) : `${dayWords(range.from)} to ${dayWords(range.to)}`;

export interface RangeProblem {
  /** The input to mark and focus. */
  field: 'from' | 'to';
  message: string;
}

/** What is wrong with a range as typed, in words; null when it can be shown. */
export function rangeProblem(range: DateRange): RangeProblem | null {
  if (!isDay(range.from)) return { field: 'from', message: 'From: give the first day to show (day, month and year).' };
  if (!isDay(range.to)) return { field: 'to', message: 'To: give the last day to show (day, month and year).' };
  if (msOf(range.from) > msOf(range.to))
    return {
      field: 'from',
      message:
        `From (${dayWords(range.from)}) is after To (${dayWords(range.to)}): ` +
        'choose a first day on or before the last one.',
    };
  const days = daysIn(range);
  if (days > maxDays)
    return {
      field: 'from',
      message:
        `These dates hold ${days.toLocaleString('en')} days: the studio shows at most ` +
        `${maxDays.toLocaleString('en')} days at a time (about five years). Choose a later From.`,
    };
  return null;
}

export interface RangeHost {
  range: DateRange;
  rangeProblem: RangeProblem | null;
  /** The range typed was applied (checked first by the form). */
  applyRange(range: DateRange): void;
  setRangeProblem(problem: RangeProblem | null): void;
}

/** "From", "To" and "Show": `id` keeps the inputs' ids apart from another form's. */
export function renderRangeForm(host: RangeHost, id: string) {
  const problem = host.rangeProblem;
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const value = (name: string) => form.querySelector<HTMLInputElement>(`#${id}-${name}`)?.value ?? '';
    const range = { from: value('from'), to: value('to') };
    const found = rangeProblem(range);
    host.setRangeProblem(found);
    if (found) form.querySelector<HTMLInputElement>(`#${id}-${found.field}`)?.focus();
    else host.applyRange(range);
  };
  const input = (field: 'from' | 'to', label: string) => {
    const invalid = problem?.field === field;
    return html`<div class="range-field">
      <label for="${id}-${field}">${label}</label>
      <input
        id="${id}-${field}"
        type="date"
        required
        .value=${host.range[field]}
        aria-invalid=${invalid ? 'true' : 'false'}
        aria-describedby="${id}-hint${invalid ? ` ${id}-error` : ''}"
      />
    </div>`;
  };
  return html`<form class="range" @submit=${submit} novalidate aria-label="Dates">
    ${input('from', 'From')} ${input('to', 'To')}
    <button type="submit">Show</button>
    <p class="hint range-hint" id="${id}-hint">Whole days in UTC, both included.</p>
    ${problem ? html`<div class="alert" role="alert" id="${id}-error"><p>${problem.message}</p></div>` : nothing}
  </form>`;
}
