import { describe, expect, it } from 'vitest';
import { MSC_CLASSES } from '@mathbridge/contracts/msc-classes';
import { REGION_LEVEL } from '@mathbridge/contracts/regions';
import { MSC2020_SECTIONS } from '../reference/msc2020-sections.ts';
import { filterMsc, groupSections } from './msc-search.ts';
import { buildRegionRows, searchRegions } from './region-rows.ts';

describe('the MSC 2020 reference data', () => {
  it('has 534 sections, each a unique code under one of the 63 classes, with a title', () => {
    expect(MSC2020_SECTIONS).toHaveLength(534);
    const codes = MSC2020_SECTIONS.map(([code]) => code);
    expect(new Set(codes).size).toBe(codes.length);
    const classes = new Set(MSC_CLASSES.map((entry) => entry.code));
    for (const [code, title] of MSC2020_SECTIONS) {
      expect(code).toMatch(/^\d{2}[A-Z]$/);
      expect(classes.has(code.slice(0, 2)), code).toBe(true);
      expect(title.trim(), code).not.toBe('');
    }
    // Every class has its sections.
    expect(new Set(codes.map((code) => code.slice(0, 2))).size).toBe(63);
  });
});

describe('searching the MSC browser', () => {
  const grouped = groupSections(MSC2020_SECTIONS);
  const find = (query: string) => filterMsc(grouped, query);

  it('shows all 63 classes, closed, without a query', () => {
    const all = find('  ');
    expect(all).toHaveLength(63);
    expect(all.every((item) => !item.open)).toBe(true);
  });

  it('finds a section by its code, opening its class and keeping only the matching sections', () => {
    const [only, ...rest] = find('65n');
    expect(rest).toEqual([]);
    expect(only?.entry.code).toBe('65');
    expect(only?.open).toBe(true);
    expect(only?.sections.map(([code]) => code)).toEqual(['65N']);
  });

  it('finds a class by its code or its name in any locale', () => {
    expect(find('35-XX').map((item) => item.entry.code)).toEqual(['35']);
    expect(find('偏微分').map((item) => item.entry.code)).toEqual(['35']);
    expect(find('偏微分')[0]?.sections.length).toBe(grouped.get('35')?.length);
    expect(find('數論').map((item) => item.entry.code)).toEqual(['11']);
  });

  it('finds sections by words of their English titles and counts the matches', () => {
    const graph = find('graph theory');
    expect(graph.map((item) => item.entry.code)).toEqual(['05', '97']);
    expect(graph[0]?.sections.map(([code]) => code)).toEqual(['05C']);
    expect(graph.reduce((sum, item) => sum + item.matches, 0)).toBe(2);
    expect(find('no such topic at all')).toEqual([]);
  });
});

describe('the region-code lookup', () => {
  const rows = buildRegionRows();

  it('lists every region of spec §3 with its names in three locales and its province', () => {
    expect(rows.filter((row) => row.level === REGION_LEVEL.province)).toHaveLength(34);
    for (const row of rows) {
      expect(row.code).toMatch(/^\d{4}$/);
      expect(row.name['zh-CN'] && row.name['zh-HK'] && row.name['en-US'], row.code).toBeTruthy();
      const province = rows.find((other) => other.code === `${row.code.slice(0, 2)}00`);
      expect(row.province, row.code).toEqual(province?.name);
    }
  });

  it('finds a city by code, by Simplified, Traditional or English name, and filters by level', () => {
    const shenzhen = searchRegions(rows, '4403', 0);
    expect(shenzhen.map((row) => [row.name['zh-CN'], row.level, row.province['zh-CN']])).toEqual([
      ['深圳', REGION_LEVEL.city, '广东'],
    ]);
    expect(searchRegions(rows, 'Shenzhen', 0).map((row) => row.code)).toEqual(['4403']);
    expect(searchRegions(rows, '廣州', 0).map((row) => row.code)).toEqual(['4401']);
    expect(searchRegions(rows, '广州', REGION_LEVEL.capital).map((row) => row.code)).toEqual(['4401']);
    expect(searchRegions(rows, '广州', REGION_LEVEL.city)).toEqual([]);
    expect(searchRegions(rows, '44', REGION_LEVEL.province).map((row) => row.code)).toEqual(['4400']);
  });
});
