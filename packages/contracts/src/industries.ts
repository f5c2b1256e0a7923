import type { Locale } from './locales.ts';
import type { LocalizedName } from './regions.ts';

/**
 * Industries an enterprise applies mathematics in: the 20 sections (门类 A–T) of the national
 * classification of economic activities, GB/T 4754-2017. Stored as the section letter.
 */

type Row = readonly [code: string, zhCN: string, zhHK: string, en: string];

const ROWS: readonly Row[] = [
  ['A', '农、林、牧、渔业', '農、林、牧、漁業', 'Agriculture, forestry, animal husbandry and fishery'],
  ['B', '采矿业', '採礦業', 'Mining'],
  ['C', '制造业', '製造業', 'Manufacturing'],
  [
    'D',
    '电力、热力、燃气及水生产和供应业',
    '電力、熱力、燃氣及水生產和供應業',
    'Production and supply of electricity, heat, gas and water',
  ],
  ['E', '建筑业', '建築業', 'Construction'],
  ['F', '批发和零售业', '批發和零售業', 'Wholesale and retail trade'],
  ['G', '交通运输、仓储和邮政业', '交通運輸、倉儲和郵政業', 'Transport, storage and postal services'],
  ['H', '住宿和餐饮业', '住宿和餐飲業', 'Accommodation and catering'],
  [
    'I',
    '信息传输、软件和信息技术服务业',
    '資訊傳輸、軟件和資訊科技服務業',
    'Information transmission, software and information technology services',
  ],
  ['J', '金融业', '金融業', 'Finance'],
  ['K', '房地产业', '房地產業', 'Real estate'],
  ['L', '租赁和商务服务业', '租賃和商務服務業', 'Leasing and business services'],
  ['M', '科学研究和技术服务业', '科學研究和技術服務業', 'Scientific research and technical services'],
  [
    'N',
    '水利、环境和公共设施管理业',
    '水利、環境和公共設施管理業',
    'Water conservancy, environment and public facilities management',
  ],
  ['O', '居民服务、修理和其他服务业', '居民服務、修理和其他服務業', 'Resident services, repair and other services'],
  ['P', '教育', '教育', 'Education'],
  ['Q', '卫生和社会工作', '衞生和社會工作', 'Health and social work'],
  ['R', '文化、体育和娱乐业', '文化、體育和娛樂業', 'Culture, sports and entertainment'],
  [
    'S',
    '公共管理、社会保障和社会组织',
    '公共管理、社會保障和社會組織',
    'Public administration, social security and social organisations',
  ],
  ['T', '国际组织', '國際組織', 'International organisations'],
];

export interface Industry {
  code: string;
  name: LocalizedName;
}

export const INDUSTRIES: readonly Industry[] = ROWS.map(([code, zhCN, zhHK, en]) => ({
  code,
  name: { 'zh-CN': zhCN, 'zh-HK': zhHK, 'en-US': en },
}));
export const INDUSTRY_CODES: readonly string[] = INDUSTRIES.map((entry) => entry.code);
const BY_CODE = new Map(INDUSTRIES.map((entry) => [entry.code, entry.name]));

export function isIndustryCode(code: string): boolean {
  return BY_CODE.has(code);
}

export function industryName(code: string, locale: Locale): string | undefined {
  return BY_CODE.get(code)?.[locale];
}
