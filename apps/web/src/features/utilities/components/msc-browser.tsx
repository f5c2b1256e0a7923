import { ExportOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Input, Tree, type TreeDataNode } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MSC_CLASSES } from '@mathbridge/contracts/msc';
import { useLocale } from '../../../i18n/locale.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { filterMsc, groupSections, type SectionRow } from '../lib/msc-search.ts';

// 534 sections (≈ 30 KB): a chunk of their own, fetched when the browser opens.
const loadSections = () => import('../reference/msc2020-sections.ts').then((module) => module.MSC2020_SECTIONS);

const zbmathUrl = (code: string) => `https://zbmath.org/classification/?q=cc:${encodeURIComponent(code)}`;

function ZbmathLink({ code }: { code: string }) {
  const { t } = useTranslation();
  return (
    <a
      className="mb-msc-link"
      href={zbmathUrl(code)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('utilities.msc.zbmathLabel', { code })}
      title={t('utilities.msc.zbmath')}
      onClick={(event) => event.stopPropagation()}
    >
      <ExportOutlined aria-hidden />
    </a>
  );
}

/** /utilities/msc: the 63 MSC 2020 classes (three locales) and their 534 sections (English), searchable, as a tree. */
export default function MscBrowser() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [sections, setSections] = useState<readonly SectionRow[] | null>(null);
  const [sectionsFailed, setSectionsFailed] = useState(false);
  const [query, setQuery] = useState('');
  const debounced = useDebouncedValue(query, 150);
  const [expanded, setExpanded] = useState<string[]>([]);
  // While searching, what the user opened or closed for this query (null: what the search opened).
  const [searchExpanded, setSearchExpanded] = useState<{ query: string; keys: string[] } | null>(null);

  useEffect(() => {
    let live = true;
    loadSections().then(
      (rows) => live && setSections(rows),
      () => live && setSectionsFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  const sectionsByClass = useMemo(() => groupSections(sections ?? []), [sections]);

  const filtered = useMemo(() => filterMsc(sectionsByClass, debounced), [sectionsByClass, debounced]);
  const searching = debounced.trim() !== '';
  // While searching, classes whose sections matched open by themselves; the user's own choice returns after.
  const searchKeys =
    searchExpanded?.query === debounced
      ? searchExpanded.keys
      : filtered.filter((item) => item.open).map((item) => item.entry.code);
  const expandedKeys = searching ? searchKeys : expanded;

  const treeData: TreeDataNode[] = filtered.map(({ entry, sections: rows }) => ({
    key: entry.code,
    title: (
      <span className="mb-msc-node" data-code={entry.code}>
        <code className="mb-msc-code">{entry.code}-XX</code>
        <span className="mb-msc-name">
          {entry.name[locale]}
          {locale !== 'en-US' && <span className="mb-msc-english">{entry.name['en-US']}</span>}
        </span>
        <ZbmathLink code={entry.code} />
      </span>
    ),
    children: rows.map(([code, title]) => ({
      key: code,
      isLeaf: true,
      title: (
        <span className="mb-msc-node" data-code={code}>
          <code className="mb-msc-code">{code}xx</code>
          <span className="mb-msc-name" lang="en">
            {title}
          </span>
          <ZbmathLink code={code} />
        </span>
      ),
    })),
  }));

  const matchCount = filtered.reduce((sum, item) => sum + item.matches, 0);
  const setKeys = (keys: string[]) => {
    if (searching) setSearchExpanded({ query: debounced, keys });
    else setExpanded(keys);
  };

  return (
    <div className="mb-msc">
      <div className="mb-tool-head">
        <h2>{t('utilities.msc.title')}</h2>
        <p className="mb-muted">{t('utilities.msc.intro')}</p>
      </div>
      <div className="mb-msc-bar" role="search">
        <Input.Search
          aria-label={t('utilities.msc.searchLabel')}
          placeholder={t('utilities.msc.searchPlaceholder')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          allowClear
          className="mb-msc-search"
        />
        <Button onClick={() => setKeys(filtered.map((item) => item.entry.code))}>{t('utilities.msc.expandAll')}</Button>
        <Button onClick={() => setKeys([])}>{t('utilities.msc.collapseAll')}</Button>
      </div>
      <p className="mb-muted mb-msc-count" aria-live="polite">
        {searching
          ? t('utilities.msc.matches', { count: matchCount })
          : t('utilities.msc.counts', { classes: MSC_CLASSES.length, sections: sections?.length ?? '…' })}
        {sections && ` · ${t('utilities.msc.englishTitles')}`}
      </p>
      {sectionsFailed && (
        <Alert type="warning" showIcon title={t('utilities.msc.loadFailed')} className="mb-msc-alert" />
      )}
      {!sections && !sectionsFailed && (
        <p className="mb-muted" role="status">
          {t('utilities.msc.loading')}
        </p>
      )}
      {treeData.length === 0 ? (
        <Empty description={t('utilities.msc.noMatch', { query: debounced.trim() })} />
      ) : (
        <Tree
          className="mb-msc-tree"
          treeData={treeData}
          expandedKeys={expandedKeys}
          onExpand={(keys) => setKeys(keys.map(String))}
          selectable={false}
          blockNode
          virtual={false}
        />
      )}
      <p className="mb-muted mb-msc-source">{t('utilities.msc.source')}</p>
    </div>
  );
}
