import type { Locale } from '@mathbridge/contracts/locales';
import type { NbCell, NotebookDocument } from '@mathbridge/contracts/notebooks';
import { SAMPLE_CODE_CELLS } from './least-squares-cells.ts';

/** The /tryit sample's prose in the reader's language; the code and its outputs are shared. */
const PROSE: Record<Locale, { title: string; intro: string; outro: string }> = {
  'zh-CN': {
    title: '最小二乘拟合',
    intro:
      '# 最小二乘拟合\n\n给定数据点 $(x_i, y_i)$，寻找直线 $y = a x + b$，使残差平方和最小：\n\n$$\\min_{a,b} \\sum_{i=1}^{n} (a x_i + b - y_i)^2$$\n\n写成矩阵形式 $X\\beta \\approx y$，其解满足正规方程 $X^\\top X \\beta = X^\\top y$。下面用 numpy 求解，并用 matplotlib 画出结果。',
    outro: '改动噪声大小或数据点个数，再运行一次，看看拟合如何变化。',
  },
  'zh-HK': {
    title: '最小二乘擬合',
    intro:
      '# 最小二乘擬合\n\n給定數據點 $(x_i, y_i)$，尋找直線 $y = a x + b$，使殘差平方和最小：\n\n$$\\min_{a,b} \\sum_{i=1}^{n} (a x_i + b - y_i)^2$$\n\n寫成矩陣形式 $X\\beta \\approx y$，其解滿足正規方程 $X^\\top X \\beta = X^\\top y$。下面用 numpy 求解，並用 matplotlib 畫出結果。',
    outro: '改動噪聲大小或數據點個數，再運行一次，看看擬合如何變化。',
  },
  'en-US': {
    title: 'Least squares fitting',
    intro:
      '# Least squares fitting\n\nGiven points $(x_i, y_i)$, find the line $y = a x + b$ that minimises the sum of squared residuals:\n\n$$\\min_{a,b} \\sum_{i=1}^{n} (a x_i + b - y_i)^2$$\n\nIn matrix form $X\\beta \\approx y$, the solution satisfies the normal equations $X^\\top X \\beta = X^\\top y$. Below, numpy solves it and matplotlib draws the result.',
    outro: 'Change the noise or the number of points, run again, and see how the fit changes.',
  },
};

export function sampleTitle(locale: Locale): string {
  return PROSE[locale].title;
}

/** A fresh copy of the sample (the live page edits and runs it). */
export function sampleNotebook(locale: Locale): NotebookDocument {
  const prose = PROSE[locale];
  const cells: NbCell[] = [
    { cell_type: 'markdown', id: 'lsq-intro', metadata: {}, source: prose.intro },
    ...structuredClone(SAMPLE_CODE_CELLS),
    { cell_type: 'markdown', id: 'lsq-outro', metadata: {}, source: prose.outro },
  ];
  // contracts' emptyNotebook(), spelled out: its module brings zod, which a visitor's first load leaves out.
  return {
    nbformat: 4,
    nbformat_minor: 5,
    metadata: {
      kernelspec: { name: 'python3', display_name: 'Python 3', language: 'python' },
      language_info: { name: 'python' },
    },
    cells,
  };
}
