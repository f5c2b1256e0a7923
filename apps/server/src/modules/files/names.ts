import { FILE_NAME_MAX } from '@mathbridge/contracts/files';

/** Sibling names compare case-insensitively (after NFC), so 'Report.pdf' and 'report.PDF' clash. */
export const nameKey = (name: string): string => name.normalize('NFC').toLowerCase();

/** 'report.pdf' → ['report', '.pdf']; folders and dot-less names have no extension part. */
export function splitName(name: string, isDir: boolean): [string, string] {
  if (isDir) return [name, ''];
  const dot = name.lastIndexOf('.');
  return dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
}

/** 'report (2).pdf': the n-th alternative of a name, shortened so it stays within the name limit. */
export function numberedName(name: string, isDir: boolean, n: number): string {
  const [base, ext] = splitName(name, isDir);
  const suffix = ` (${n})${ext}`;
  const room = FILE_NAME_MAX - [...suffix].length;
  return [...base].slice(0, Math.max(1, room)).join('') + suffix;
}

/**
 * The first free name among `name`, `name (1)`, `name (2)`… given the keys already taken.
 * Windows Explorer and most netdisks number the same way.
 */
export function firstFreeName(name: string, isDir: boolean, taken: ReadonlySet<string>): string {
  if (!taken.has(nameKey(name))) return name;
  for (let n = 1; ; n += 1) {
    const candidate = numberedName(name, isDir, n);
    if (!taken.has(nameKey(candidate))) return candidate;
  }
}

/**
 * The name a file was given, before a clash in its folder numbered it: stored as 'cv (1).pdf' from an
 * upload of 'cv.pdf', it is 'cv.pdf'. A reader who sees the file alone (an item's one file, such as
 * an applicant's resume) has no sibling for the number to tell it apart from. A name its owner chose
 * by renaming is kept, numbers included.
 */
export function givenName(name: string, originalName: string): string {
  const numbered = / \((\d+)\)(?:\.[^.]*)?$/.exec(name);
  if (!numbered) return name;
  const uploaded = originalName.normalize('NFC').trim();
  return numberedName(uploaded, false, Number(numbered[1])) === name ? uploaded : name;
}

/** Characters Windows refuses in a path segment (and controls), replaced in zip entry names. */
// eslint-disable-next-line no-control-regex -- replacing control characters is the point
const ZIP_UNSAFE_RE = /[<>:"/\\|?*\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g;
/** Device names Windows reserves whatever the extension ('con.txt' too). */
const WINDOWS_RESERVED_RE = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

/**
 * One path segment of a zip entry made from free text (a title) or a stored name: no separators,
 * no '.'/'..', nothing Windows refuses (reserved characters and device names, trailing dots or
 * spaces), NFC, within the name limit; `fallback` when nothing is left.
 */
export function zipSafeName(name: string, fallback: string): string {
  // Cut to the limit before dropping trailing dots and spaces, so the cut cannot leave one at the end.
  const fit = (text: string) =>
    [...text]
      .slice(0, FILE_NAME_MAX)
      .join('')
      .replace(/[. ]+$/, '');
  let safe = fit(name.normalize('NFC').replace(ZIP_UNSAFE_RE, '_').trim());
  if (WINDOWS_RESERVED_RE.test(safe)) safe = fit(`_${safe}`);
  return safe === '' ? fallback : safe;
}

/** A folder of a zip being laid out: children get safe names, unique (case-insensitively) within it. */
export class ZipFolder {
  private readonly taken = new Set<string>();

  constructor(readonly path: string) {}

  /** The entry path of a child called `name` ('dir/' for folders). */
  child(name: string, isDir: boolean, fallback = 'file'): string {
    const free = firstFreeName(zipSafeName(name, fallback), isDir, this.taken);
    this.taken.add(nameKey(free));
    return `${this.path}${free}${isDir ? '/' : ''}`;
  }
}
