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
