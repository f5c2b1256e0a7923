import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ItemList, ItemListMeta, ItemListRow } from './item-list.tsx';

/**
 * ItemList replaces antd's List, which antd 6 deprecates with a console error on every render
 * (issue 30, defect 7): the same rows, as a list assistive technology announces with its length.
 */
describe('ItemList', () => {
  const logged: unknown[][] = [];
  beforeEach(() => {
    logged.length = 0;
    for (const method of ['error', 'warn'] as const)
      vi.spyOn(console, method).mockImplementation((...args) => void logged.push(args));
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const files = [
    { id: 1, name: '报告.pdf' },
    { id: 2, name: '数据.csv' },
  ];
  const render = (items: typeof files, options: { loading?: boolean } = {}) =>
    renderToStaticMarkup(
      createElement(ItemList<(typeof files)[number]>, {
        items,
        itemKey: (file) => file.id,
        size: 'small',
        empty: '没有附件',
        ...options,
        renderItem: (file) =>
          createElement(
            ItemListRow,
            {
              id: `file-${file.id}`,
              actions: [createElement('button', { key: 'remove', type: 'button' }, '移除')],
              extra: createElement('span', null, '1 KB'),
            },
            createElement(ItemListMeta, { title: file.name, description: 'PDF' }),
          ),
      }),
    );

  it('shows its rows as a list of list items, each with its actions and extra after the content', () => {
    const html = render(files);
    expect(html).toMatch(/^<ul class="mb-item-list mb-item-list-sm">/);
    expect(html.match(/<li /g)).toHaveLength(2);
    expect(html).toContain('id="file-1"');
    const row = /<li [^>]*id="file-2"[^>]*>(.*?)<\/li>/.exec(html)?.[1] ?? '';
    expect(row.indexOf('数据.csv')).toBeLessThan(row.indexOf('移除'));
    expect(row.indexOf('移除')).toBeLessThan(row.indexOf('1 KB'));
    expect(logged).toEqual([]);
  });

  it('says it is empty instead of showing an empty list, unless it is loading', () => {
    expect(render([])).toBe('<div class="mb-item-list-empty">没有附件</div>');
    const loading = render([], { loading: true });
    expect(loading).not.toContain('没有附件');
    expect(loading).toContain('ant-spin');
    expect(logged).toEqual([]);
  });
});
