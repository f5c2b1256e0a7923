import { describe, expect, it } from 'vitest';
import { LOCALES } from '../src/locales.ts';
import {
  PROVINCES,
  REGION_LEVEL,
  findProvince,
  isValidArea,
  provinceCityMap,
  provinceNames,
  regionList,
  regionName,
  selfCityCode,
} from '../src/regions.ts';

/** GB/T 2260 province-level prefixes: 23 provinces (with Taiwan), 5 autonomous regions, 4 municipalities, 2 SARs. */
const GB_PREFIXES = [
  '11',
  '12',
  '13',
  '14',
  '15',
  '21',
  '22',
  '23',
  '31',
  '32',
  '33',
  '34',
  '35',
  '36',
  '37',
  '41',
  '42',
  '43',
  '44',
  '45',
  '46',
  '50',
  '51',
  '52',
  '53',
  '54',
  '61',
  '62',
  '63',
  '64',
  '65',
  '71',
  '81',
  '82',
];
const MUNICIPALITIES = ['北京', '天津', '上海', '重庆'];
const EMPTY_IN_MAP = [...MUNICIPALITIES, '香港', '澳门'];
const LIST_THEMSELVES = [...MUNICIPALITIES, '台湾', '香港', '澳门'];
/** Provincial capitals (省会 / 首府), by province code. */
const CAPITALS: Record<string, string> = {
  '1300': '石家庄',
  '1400': '太原',
  '1500': '呼和浩特',
  '2100': '沈阳',
  '2200': '长春',
  '2300': '哈尔滨',
  '3200': '南京',
  '3300': '杭州',
  '3400': '合肥',
  '3500': '福州',
  '3600': '南昌',
  '3700': '济南',
  '4100': '郑州',
  '4200': '武汉',
  '4300': '长沙',
  '4400': '广州',
  '4500': '南宁',
  '4600': '海口',
  '5100': '成都',
  '5200': '贵阳',
  '5300': '昆明',
  '5400': '拉萨',
  '6100': '西安',
  '6200': '兰州',
  '6300': '西宁',
  '6400': '银川',
  '6500': '乌鲁木齐',
};

describe('province-level names (spec §3 first list)', () => {
  it('has the 34 province-level divisions, each once, in every locale', () => {
    for (const locale of LOCALES) {
      const names = provinceNames(locale);
      expect(names, locale).toHaveLength(34);
      expect(new Set(names).size, locale).toBe(34);
      for (const name of names) expect(name.trim(), locale).not.toBe('');
    }
    expect(provinceNames('zh-CN')).toEqual(
      expect.arrayContaining([...LIST_THEMSELVES, '河北', '内蒙古', '广西', '西藏', '宁夏', '新疆']),
    );
  });

  it('writes zh-HK in Traditional characters and en-US in pinyin or established English', () => {
    const hk = provinceNames('zh-HK');
    expect(hk).toEqual(
      expect.arrayContaining(['廣東', '廣西', '黑龍江', '內蒙古', '遼寧', '陝西', '澳門', '台灣', '重慶', '雲南']),
    );
    const en = provinceNames('en-US');
    expect(en).toEqual(
      expect.arrayContaining([
        'Beijing',
        'Hebei',
        'Shanxi',
        'Shaanxi',
        'Inner Mongolia',
        'Tibet',
        'Hong Kong',
        'Macao',
        'Taiwan',
      ]),
    );
    for (const name of en) expect(name).toMatch(/^[A-Z][A-Za-z' ]+$/);
  });
});

describe('province → cities map (spec §3)', () => {
  it('has an entry for each of the 34 provinces, in every locale', () => {
    for (const locale of LOCALES) expect(Object.keys(provinceCityMap(locale))).toEqual(provinceNames(locale));
  });

  it('gives the four municipalities, Hong Kong and Macao empty lists, and no one else', () => {
    const map = provinceCityMap('zh-CN');
    const empty = Object.entries(map)
      .filter(([, cities]) => cities.length === 0)
      .map(([name]) => name);
    expect(empty.sort()).toEqual([...EMPTY_IN_MAP].sort());
    expect(map['台湾']).toEqual(['台湾']);
    expect(map['河北']?.slice(0, 2)).toEqual(['石家庄', '唐山']);
    expect(map['广东']).toContain('深圳');
  });
});

describe('{name, level, code} list (spec §3)', () => {
  const list = regionList('zh-CN');

  it('has 4-digit unique codes; provinces at level 1 with codes ending in 00 on GB/T 2260 prefixes', () => {
    for (const entry of list) expect(entry.code).toMatch(/^\d{4}$/);
    expect(new Set(list.map((e) => e.code)).size).toBe(list.length);
    const provinces = list.filter((e) => e.level === REGION_LEVEL.province);
    expect(provinces).toHaveLength(34);
    for (const province of provinces) expect(province.code.endsWith('00'), province.name).toBe(true);
    expect(provinces.map((p) => p.code.slice(0, 2))).toEqual(GB_PREFIXES);
    expect(list.filter((e) => e.code.endsWith('00')).every((e) => e.level === REGION_LEVEL.province)).toBe(true);
  });

  it('lists each province followed by its cities, whose codes start with its prefix', () => {
    let current = '';
    for (const entry of list) {
      if (entry.level === REGION_LEVEL.province) current = entry.code.slice(0, 2);
      else expect(entry.code.slice(0, 2), entry.name).toBe(current);
    }
  });

  it('gives each province exactly one level-2 city, its capital; every other city is level 3', () => {
    for (const province of PROVINCES) {
      const cities = regionList('zh-CN').filter(
        (e) => e.level !== REGION_LEVEL.province && e.code.slice(0, 2) === province.code.slice(0, 2),
      );
      const capitals = cities.filter((e) => e.level === REGION_LEVEL.capital);
      expect(capitals, province.name['zh-CN']).toHaveLength(1);
      expect(capitals[0]?.name, province.name['zh-CN']).toBe(CAPITALS[province.code] ?? province.name['zh-CN']);
      expect(cities.filter((e) => e.level !== REGION_LEVEL.capital).every((e) => e.level === REGION_LEVEL.city)).toBe(
        true,
      );
    }
  });

  it('lets municipalities, Taiwan, Hong Kong and Macao list themselves as their only city', () => {
    for (const name of LIST_THEMSELVES) {
      const province = list.find((e) => e.level === REGION_LEVEL.province && e.name === name);
      const cities = list.filter(
        (e) => e.level !== REGION_LEVEL.province && e.code.slice(0, 2) === province?.code.slice(0, 2),
      );
      expect(cities, name).toEqual([{ name, level: REGION_LEVEL.capital, code: selfCityCode(province?.code ?? '') }]);
    }
  });

  it('uses the real GB/T 2260 prefecture codes', () => {
    const code = (name: string) => list.find((e) => e.name === name)?.code;
    expect([code('北京'), code('河北'), code('石家庄'), code('唐山')]).toEqual(['1100', '1300', '1301', '1302']);
    expect(list.find((e) => e.code === '1301')).toEqual({ name: '石家庄', level: 2, code: '1301' });
    expect(list.find((e) => e.code === '1302')).toEqual({ name: '唐山', level: 3, code: '1302' });
    expect([
      code('苏州'),
      code('深圳'),
      code('三沙'),
      code('延边朝鲜族自治州'),
      code('兴安盟'),
      code('阿里地区'),
      code('乌鲁木齐'),
    ]).toEqual(['3205', '4403', '4603', '2224', '1522', '5425', '6501']);
    expect([code('台湾'), code('香港'), code('澳门')]).toEqual(['7100', '8100', '8200']);
  });

  it('has the 333 prefecture-level divisions plus the 7 self-listed ones', () => {
    expect(list.filter((e) => e.level !== REGION_LEVEL.province)).toHaveLength(340);
  });

  it('agrees with the map: the same cities in the same order, in every locale', () => {
    for (const locale of LOCALES) {
      const localized = regionList(locale);
      const map = provinceCityMap(locale);
      for (const province of PROVINCES) {
        const name = province.name[locale];
        const cities = localized
          .filter((e) => e.level !== REGION_LEVEL.province && e.code.slice(0, 2) === province.code.slice(0, 2))
          .map((e) => e.name);
        expect(map[name]?.length === 0 ? [name] : map[name], `${locale} ${name}`).toEqual(cities);
      }
    }
  });

  it('names every region in every locale', () => {
    for (const locale of LOCALES)
      for (const entry of regionList(locale)) expect(entry.name.trim(), `${locale} ${entry.code}`).not.toBe('');
    expect(regionName('1301', 'zh-HK')).toBe('石家莊');
    expect(regionName('1301', 'en-US')).toBe('Shijiazhuang');
    expect(regionName('6101', 'en-US')).toBe("Xi'an");
    expect(regionName('4403', 'zh-HK')).toBe('深圳');
    expect(regionName('9999', 'en-US')).toBeUndefined();
  });
});

describe('isValidArea', () => {
  it('needs a city of the province where the picker has cities', () => {
    expect(isValidArea('1300', '1301')).toBe(true);
    expect(isValidArea('1300')).toBe(false);
    expect(isValidArea('1300', '3301')).toBe(false);
    expect(isValidArea('1300', '1399')).toBe(false);
    expect(isValidArea('7100', '7101')).toBe(true);
  });

  it('takes no city, or the province itself, for municipalities, Hong Kong and Macao', () => {
    expect(isValidArea('1100')).toBe(true);
    expect(isValidArea('1100', '1101')).toBe(true);
    expect(isValidArea('8100', null)).toBe(true);
    expect(isValidArea('1100', '1201')).toBe(false);
    expect(isValidArea('9900')).toBe(false);
    expect(findProvince('5000')?.kind).toBe('m');
  });
});
