import dayjs, { type Dayjs } from 'dayjs';

/** A date range picker's value: either end may be open. */
export type DayRange = [Dayjs | null, Dayjs | null] | null | undefined;

/** The range as the API's `date_from` / `date_to` days (`YYYY-MM-DD`). */
export function dayRangeParams(range: DayRange): { date_from?: string; date_to?: string } {
  const [from, to] = range ?? [];
  return { date_from: from?.format('YYYY-MM-DD'), date_to: to?.format('YYYY-MM-DD') };
}

/** The picker's value for `date_from` / `date_to` read back from the URL; undefined when neither is set. */
export function dayRangeOf(params: { date_from?: string; date_to?: string }): DayRange {
  const day = (text: string | undefined) => (text && dayjs(text).isValid() ? dayjs(text) : null);
  const range: DayRange = [day(params.date_from), day(params.date_to)];
  return range[0] || range[1] ? range : undefined;
}
