/**
 * A multiline nbformat string as one string. The same as contracts' `joinSource`, kept here so the
 * public read-only view does not pull the contracts' schemas (zod) into a visitor's first load.
 */
export function joinSource(source: string | readonly string[]): string {
  return typeof source === 'string' ? source : source.join('');
}
