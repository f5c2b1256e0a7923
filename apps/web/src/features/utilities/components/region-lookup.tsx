import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegionLevel } from '@mathbridge/contracts/regions';
import { Pager } from '../../../components/pager.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { buildRegionRows, searchRegions } from '../lib/region-rows.ts';

const PAGE_SIZE = 20;

/**
 * /utilities/regions: find a region of spec §3 by name (any locale) or code; name, level, code and
 * province. Plain HTML (a native table, input and select): antd's Table, Input and Select would
 * add the ui-base and ui-data chunks to a public page's first load (DESIGN §8).
 */
export default function RegionLookup() {
  const { t } = useTranslation();
  const locale = useLocale();
  const rows = useMemo(() => buildRegionRows(), []);
  const [query, setQuery] = useState('');
  const [level, setLevel] = useState<RegionLevel | 0>(0);
  const debounced = useDebouncedValue(query.trim().toLowerCase(), 150);
  // The page belongs to one search: a new query or level starts again at page 1.
  const searchKey = `${level}|${debounced}`;
  const [paging, setPaging] = useState({ key: searchKey, page: 1 });
  const countRef = useRef<HTMLParagraphElement>(null);

  const shown = useMemo(() => searchRegions(rows, debounced, level), [rows, level, debounced]);
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const page = paging.key === searchKey ? Math.min(paging.page, pages) : 1;
  const pageRows = shown.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);

  return (
    <div className="mb-regions">
      <div className="mb-tool-head">
        <h2>{t('utilities.regions.title')}</h2>
        <p className="mb-muted">{t('utilities.regions.intro')}</p>
      </div>
      <div className="mb-regions-bar" role="search">
        <input
          type="search"
          aria-label={t('utilities.regions.searchLabel')}
          placeholder={t('utilities.regions.searchPlaceholder')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setQuery('');
          }}
          className="mb-tool-input mb-regions-search"
          autoComplete="off"
          spellCheck={false}
        />
        <select
          aria-label={t('utilities.regions.levelFilter')}
          value={level}
          onChange={(event) => setLevel(Number(event.target.value) as RegionLevel | 0)}
          className="mb-tool-input mb-tool-select mb-regions-level"
        >
          <option value={0}>{t('utilities.regions.allLevels')}</option>
          {([1, 2, 3] as const).map((value) => (
            <option key={value} value={value}>
              {value} · {t(`utilities.regions.levels.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <p ref={countRef} className="mb-muted mb-regions-count" aria-live="polite">
        {t('utilities.regions.count', { count: shown.length })}
      </p>
      {shown.length === 0 ? (
        <p className="mb-tool-empty">{t('utilities.regions.empty', { query: query.trim() })}</p>
      ) : (
        // Scrolls sideways on a narrow phone; focusable so the keyboard can scroll it too.
        <div className="mb-regions-scroll" role="region" aria-label={t('utilities.regions.tableLabel')} tabIndex={0}>
          <table className="mb-regions-table">
            <thead>
              <tr>
                <th scope="col">{t('utilities.regions.columns.name')}</th>
                <th scope="col">{t('utilities.regions.columns.level')}</th>
                <th scope="col">{t('utilities.regions.columns.code')}</th>
                <th scope="col">{t('utilities.regions.columns.province')}</th>
              </tr>
            </thead>
            <tbody>
              {pageRows.map((row) => (
                <tr key={`${row.code}-${row.level}`}>
                  <td>
                    <span className="mb-region-name">
                      <span>{row.name[locale]}</span>
                      {locale !== 'en-US' && (
                        <span className="mb-muted" lang="en">
                          {row.name['en-US']}
                        </span>
                      )}
                    </span>
                  </td>
                  <td>
                    <span className={`mb-region-level mb-region-level-${row.level}`}>
                      {row.level} · {t(`utilities.regions.levels.${row.level}`)}
                    </span>
                  </td>
                  <td>
                    <code className="mb-region-code">{row.code}</code>
                  </td>
                  <td>{row.province[locale]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && (
        <Pager
          page={page}
          pages={pages}
          onChange={(next) => {
            setPaging({ key: searchKey, page: next });
            // From the pager below the table back to the top of the new page's rows.
            countRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
          }}
          labels={{
            nav: t('utilities.regions.pageOf', { page, pages }),
            previous: t('utilities.regions.previous'),
            next: t('utilities.regions.next'),
            page: (n) => t('utilities.regions.page', { page: n }),
          }}
        />
      )}
      <p className="mb-muted mb-regions-note">{t('utilities.regions.note')}</p>
    </div>
  );
}
