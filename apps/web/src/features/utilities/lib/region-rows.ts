import { LOCALES, type Locale } from '@mathbridge/contracts/locales';
import { REGION_LEVEL, regionList, type LocalizedName, type RegionLevel } from '@mathbridge/contracts/regions';

export interface RegionRow {
  code: string;
  level: RegionLevel;
  name: LocalizedName;
  province: LocalizedName;
}

/**
 * Spec §3's {name, level, code} list in all three locales at once (regionList gives the same order
 * in each), with each entry's province: its code's first two digits + 00.
 */
export function buildRegionRows(): RegionRow[] {
  const lists = Object.fromEntries(LOCALES.map((locale) => [locale, regionList(locale)])) as Record<
    Locale,
    ReturnType<typeof regionList>
  >;
  const nameAt = (index: number): LocalizedName => ({
    'zh-CN': lists['zh-CN'][index]?.name ?? '',
    'zh-HK': lists['zh-HK'][index]?.name ?? '',
    'en-US': lists['en-US'][index]?.name ?? '',
  });
  const provinces = new Map<string, LocalizedName>();
  return lists['zh-CN'].map((region, index) => {
    const name = nameAt(index);
    if (region.level === REGION_LEVEL.province) provinces.set(region.code, name);
    return {
      code: region.code,
      level: region.level,
      name,
      province: provinces.get(`${region.code.slice(0, 2)}00`) ?? name,
    };
  });
}

/** Rows of a level (0: any) whose code starts with the query or whose name in any locale contains it. */
export function searchRegions(rows: readonly RegionRow[], query: string, level: RegionLevel | 0): RegionRow[] {
  const q = query.trim().toLowerCase();
  return rows.filter(
    (row) =>
      (level === 0 || row.level === level) &&
      (!q || row.code.startsWith(q) || Object.values(row.name).some((name) => name.toLowerCase().includes(q))),
  );
}
