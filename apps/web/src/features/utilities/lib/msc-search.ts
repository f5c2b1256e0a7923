import { MSC_CLASSES, type MscClass } from '@mathbridge/contracts/msc-classes';

/** A second-level MSC 2020 section: code (05C) and English title. */
export type SectionRow = readonly [code: string, title: string];

/** Sections under their class's two-digit code, in the data's order. */
export function groupSections(rows: readonly SectionRow[]): Map<string, SectionRow[]> {
  const map = new Map<string, SectionRow[]>();
  for (const row of rows) {
    const key = row[0].slice(0, 2);
    map.set(key, [...(map.get(key) ?? []), row]);
  }
  return map;
}

export interface Filtered {
  entry: MscClass;
  sections: SectionRow[];
  /** Some of its sections matched the query themselves: show them open. */
  open: boolean;
  /** How many entries matched: the class itself and/or its sections. */
  matches: number;
}

/** Classes and sections matching a query by code prefix (35, 65N) or by words in any locale's name. */
export function filterMsc(sectionsByClass: Map<string, SectionRow[]>, query: string): Filtered[] {
  const q = query.trim().toLowerCase();
  const out: Filtered[] = [];
  for (const entry of MSC_CLASSES) {
    const sections = sectionsByClass.get(entry.code) ?? [];
    if (!q) {
      out.push({ entry, sections, open: false, matches: 0 });
      continue;
    }
    const classMatches =
      entry.code.startsWith(q) ||
      `${entry.code}-xx`.startsWith(q) ||
      Object.values(entry.name).some((name) => name.toLowerCase().includes(q));
    const matching = sections.filter(
      ([code, title]) => code.toLowerCase().startsWith(q) || title.toLowerCase().includes(q),
    );
    const matches = (classMatches ? 1 : 0) + matching.length;
    if (matching.length > 0) out.push({ entry, sections: matching, open: true, matches });
    else if (classMatches) out.push({ entry, sections, open: false, matches });
  }
  return out;
}
