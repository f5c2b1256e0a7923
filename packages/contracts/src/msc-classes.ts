import type { Locale } from './locales.ts';
import type { LocalizedName } from './regions.ts';

/**
 * Research fields: the top-level classes of the Mathematics Subject Classification 2020 (two-digit
 * codes from 00 to 97; 63 classes, the numbers between them are unused). Stored as codes so
 * demands can later be matched to experts by field; names in the three locales.
 *
 * Without zod (the schema is in msc.ts, which re-exports all of this): a public page that only
 * shows the classes (the MSC browser) does not load zod with them.
 */

type Row = readonly [code: string, zhCN: string, zhHK: string, en: string];

const ROWS: readonly Row[] = [
  ['00', '综合性主题；文集', '綜合性主題；文集', 'General and overarching topics; collections'],
  ['01', '历史与传记', '歷史與傳記', 'History and biography'],
  ['03', '数理逻辑与数学基础', '數理邏輯與數學基礎', 'Mathematical logic and foundations'],
  ['05', '组合数学', '組合數學', 'Combinatorics'],
  ['06', '序、格与有序代数结构', '序、格與有序代數結構', 'Order, lattices, ordered algebraic structures'],
  ['08', '一般代数系统', '一般代數系統', 'General algebraic systems'],
  ['11', '数论', '數論', 'Number theory'],
  ['12', '域论与多项式', '域論與多項式', 'Field theory and polynomials'],
  ['13', '交换代数', '交換代數', 'Commutative algebra'],
  ['14', '代数几何', '代數幾何', 'Algebraic geometry'],
  [
    '15',
    '线性代数与多重线性代数；矩阵论',
    '線性代數與多重線性代數；矩陣論',
    'Linear and multilinear algebra; matrix theory',
  ],
  ['16', '结合环与结合代数', '結合環與結合代數', 'Associative rings and algebras'],
  ['17', '非结合环与非结合代数', '非結合環與非結合代數', 'Nonassociative rings and algebras'],
  ['18', '范畴论；同调代数', '範疇論；同調代數', 'Category theory; homological algebra'],
  ['19', 'K理论', 'K理論', 'K-theory'],
  ['20', '群论及其推广', '群論及其推廣', 'Group theory and generalizations'],
  ['22', '拓扑群，李群', '拓撲群，李群', 'Topological groups, Lie groups'],
  ['26', '实函数', '實函數', 'Real functions'],
  ['28', '测度与积分', '測度與積分', 'Measure and integration'],
  ['30', '单复变函数', '單複變函數', 'Functions of a complex variable'],
  ['31', '位势论', '位勢論', 'Potential theory'],
  ['32', '多复变函数与解析空间', '多複變函數與解析空間', 'Several complex variables and analytic spaces'],
  ['33', '特殊函数', '特殊函數', 'Special functions'],
  ['34', '常微分方程', '常微分方程', 'Ordinary differential equations'],
  ['35', '偏微分方程', '偏微分方程', 'Partial differential equations'],
  ['37', '动力系统与遍历理论', '動力系統與遍歷理論', 'Dynamical systems and ergodic theory'],
  ['39', '差分方程与函数方程', '差分方程與函數方程', 'Difference and functional equations'],
  ['40', '序列、级数与可和性', '序列、級數與可和性', 'Sequences, series, summability'],
  ['41', '逼近与展开', '逼近與展開', 'Approximations and expansions'],
  ['42', '欧氏空间上的调和分析', '歐氏空間上的調和分析', 'Harmonic analysis on Euclidean spaces'],
  ['43', '抽象调和分析', '抽象調和分析', 'Abstract harmonic analysis'],
  ['44', '积分变换，算子演算', '積分變換，算子演算', 'Integral transforms, operational calculus'],
  ['45', '积分方程', '積分方程', 'Integral equations'],
  ['46', '泛函分析', '泛函分析', 'Functional analysis'],
  ['47', '算子理论', '算子理論', 'Operator theory'],
  [
    '49',
    '变分法与最优控制；最优化',
    '變分法與最優控制；最優化',
    'Calculus of variations and optimal control; optimization',
  ],
  ['51', '几何学', '幾何學', 'Geometry'],
  ['52', '凸几何与离散几何', '凸幾何與離散幾何', 'Convex and discrete geometry'],
  ['53', '微分几何', '微分幾何', 'Differential geometry'],
  ['54', '一般拓扑学', '一般拓撲學', 'General topology'],
  ['55', '代数拓扑', '代數拓撲', 'Algebraic topology'],
  ['57', '流形与胞腔复形', '流形與胞腔複形', 'Manifolds and cell complexes'],
  ['58', '整体分析，流形上的分析', '整體分析，流形上的分析', 'Global analysis, analysis on manifolds'],
  ['60', '概率论与随机过程', '概率論與隨機過程', 'Probability theory and stochastic processes'],
  ['62', '统计学', '統計學', 'Statistics'],
  ['65', '数值分析', '數值分析', 'Numerical analysis'],
  ['68', '计算机科学', '電腦科學', 'Computer science'],
  ['70', '质点与质点系力学', '質點與質點系力學', 'Mechanics of particles and systems'],
  ['74', '可变形固体力学', '可變形固體力學', 'Mechanics of deformable solids'],
  ['76', '流体力学', '流體力學', 'Fluid mechanics'],
  ['78', '光学，电磁理论', '光學，電磁理論', 'Optics, electromagnetic theory'],
  ['80', '经典热力学，传热学', '經典熱力學，傳熱學', 'Classical thermodynamics, heat transfer'],
  ['81', '量子理论', '量子理論', 'Quantum theory'],
  ['82', '统计力学，物质结构', '統計力學，物質結構', 'Statistical mechanics, structure of matter'],
  ['83', '相对论与引力理论', '相對論與引力理論', 'Relativity and gravitational theory'],
  ['85', '天文学与天体物理学', '天文學與天體物理學', 'Astronomy and astrophysics'],
  ['86', '地球物理学', '地球物理學', 'Geophysics'],
  ['90', '运筹学，数学规划', '運籌學，數學規劃', 'Operations research, mathematical programming'],
  [
    '91',
    '博弈论、经济学、金融及其他社会与行为科学',
    '博弈論、經濟學、金融及其他社會與行為科學',
    'Game theory, economics, finance, and other social and behavioral sciences',
  ],
  ['92', '生物学及其他自然科学', '生物學及其他自然科學', 'Biology and other natural sciences'],
  ['93', '系统论；控制', '系統論；控制', 'Systems theory; control'],
  ['94', '信息与通信理论，电路', '資訊與通訊理論，電路', 'Information and communication theory, circuits'],
  ['97', '数学教育', '數學教育', 'Mathematics education'],
];

export interface MscClass {
  code: string;
  name: LocalizedName;
}

export const MSC_CLASSES: readonly MscClass[] = ROWS.map(([code, zhCN, zhHK, en]) => ({
  code,
  name: { 'zh-CN': zhCN, 'zh-HK': zhHK, 'en-US': en },
}));
export const MSC_CODES: readonly string[] = MSC_CLASSES.map((entry) => entry.code);
const BY_CODE = new Map(MSC_CLASSES.map((entry) => [entry.code, entry.name]));

export function isMscCode(code: string): boolean {
  return BY_CODE.has(code);
}

/** The name of an MSC 2020 class in a locale; undefined for an unknown code. */
export function mscName(code: string, locale: Locale): string | undefined {
  return BY_CODE.get(code)?.[locale];
}
