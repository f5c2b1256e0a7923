import { RightOutlined } from '../../../components/inline-icon.tsx';
import { ExportOutlined } from '../../../components/inline-icon.tsx';
import { Button } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MSC_CLASSES } from '@mathbridge/contracts/msc-classes';
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
    >
      <ExportOutlined />
    </a>
  );
}

/**
 * /utilities/msc: the 63 MSC 2020 classes (three locales) and their 534 sections (English),
 * searchable, as a tree of disclosure buttons (aria-expanded). Plain HTML: antd's Tree and Input
 * would add the ui-base and ui-data chunks to a public page's first load (DESIGN §8).
 */
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

  const matchCount = filtered.reduce((sum, item) => sum + item.matches, 0);
  const setKeys = (keys: string[]) => {
    if (searching) setSearchExpanded({ query: debounced, keys });
    else setExpanded(keys);
  };
  const toggle = (code: string) =>
    setKeys(expandedKeys.includes(code) ? expandedKeys.filter((key) => key !== code) : [...expandedKeys, code]);

  return (
    <div className="mb-msc">
      <div className="mb-tool-head">
        <h2>{t('utilities.msc.title')}</h2>
        <p className="mb-muted">{t('utilities.msc.intro')}</p>
      </div>
      <div className="mb-msc-bar" role="search">
        <input
          type="search"
          aria-label={t('utilities.msc.searchLabel')}
          placeholder={t('utilities.msc.searchPlaceholder')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setQuery('');
          }}
          className="mb-tool-input mb-msc-search"
          autoComplete="off"
          spellCheck={false}
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
        <p className="mb-tool-alert mb-msc-alert" role="alert">
          {t('utilities.msc.loadFailed')}
        </p>
      )}
      {!sections && !sectionsFailed && (
        <p className="mb-muted" role="status">
          {t('utilities.msc.loading')}
        </p>
      )}
      {filtered.length === 0 ? (
        <p className="mb-tool-empty">{t('utilities.msc.noMatch', { query: debounced.trim() })}</p>
      ) : (
        <ul className="mb-msc-tree">
          {filtered.map(({ entry, sections: rows }) => {
            const open = rows.length > 0 && expandedKeys.includes(entry.code);
            const listId = `mb-msc-sections-${entry.code}`;
            const label = (
              <>
                <code className="mb-msc-code">{entry.code}-XX</code>
                <span className="mb-msc-name">
                  {entry.name[locale]}
                  {locale !== 'en-US' && (
                    <span className="mb-msc-english" lang="en">
                      {entry.name['en-US']}
                    </span>
                  )}
                </span>
              </>
            );
            return (
              <li key={entry.code} className="mb-msc-class">
                <div className="mb-msc-node mb-msc-class-row" data-code={entry.code}>
                  {rows.length > 0 ? (
                    <button
                      type="button"
                      className="mb-msc-toggle"
                      aria-expanded={open}
                      aria-controls={open ? listId : undefined}
                      onClick={() => toggle(entry.code)}
                    >
                      <RightOutlined className="mb-msc-caret" />
                      {label}
                      <span className="mb-msc-badge" aria-hidden>
                        {rows.length}
                      </span>
                      <span className="mb-visually-hidden">
                        {t('utilities.msc.sectionCount', { count: rows.length })}
                      </span>
                    </button>
                  ) : (
                    <span className="mb-msc-toggle mb-msc-toggle-leaf">{label}</span>
                  )}
                  <ZbmathLink code={entry.code} />
                </div>
                {open && (
                  <ul id={listId} className="mb-msc-sections">
                    {rows.map(([code, title]) => (
                      <li key={code} className="mb-msc-node mb-msc-section" data-code={code}>
                        <code className="mb-msc-code">{code}xx</code>
                        <span className="mb-msc-name" lang="en">
                          {title}
                        </span>
                        <ZbmathLink code={code} />
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <p className="mb-muted mb-msc-source">{t('utilities.msc.source')}</p>
    </div>
  );
}
