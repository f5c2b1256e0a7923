import { Input, Select, Table, Tag, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegionLevel } from '@mathbridge/contracts/regions';
import { useLocale } from '../../../i18n/locale.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { buildRegionRows, searchRegions, type RegionRow } from '../lib/region-rows.ts';

// Tag colours whose text keeps a 4.5:1 contrast at 12 px (cyan does not).
const LEVEL_COLORS: Record<RegionLevel, string> = { 1: 'blue', 2: 'purple', 3: 'default' };

/** /utilities/regions: find a region of spec §3 by name (any locale) or code; name, level, code and province. */
export default function RegionLookup() {
  const { t } = useTranslation();
  const locale = useLocale();
  const rows = useMemo(() => buildRegionRows(), []);
  const [query, setQuery] = useState('');
  const [level, setLevel] = useState<RegionLevel | 0>(0);
  const debounced = useDebouncedValue(query.trim().toLowerCase(), 150);

  const shown = useMemo(() => searchRegions(rows, debounced, level), [rows, level, debounced]);

  const columns: TableColumnsType<RegionRow> = [
    {
      key: 'name',
      title: t('utilities.regions.columns.name'),
      render: (_, row) => (
        <span className="mb-region-name">
          <span>{row.name[locale]}</span>
          {locale !== 'en-US' && <span className="mb-muted">{row.name['en-US']}</span>}
        </span>
      ),
    },
    {
      key: 'level',
      title: t('utilities.regions.columns.level'),
      render: (_, row) => (
        <Tag color={LEVEL_COLORS[row.level]}>
          {row.level} · {t(`utilities.regions.levels.${row.level}`)}
        </Tag>
      ),
    },
    {
      key: 'code',
      title: t('utilities.regions.columns.code'),
      render: (_, row) => <code className="mb-region-code">{row.code}</code>,
    },
    {
      key: 'province',
      title: t('utilities.regions.columns.province'),
      render: (_, row) => row.province[locale],
    },
  ];

  return (
    <div className="mb-regions">
      <div className="mb-tool-head">
        <h2>{t('utilities.regions.title')}</h2>
        <p className="mb-muted">{t('utilities.regions.intro')}</p>
      </div>
      <div className="mb-regions-bar" role="search">
        <Input.Search
          aria-label={t('utilities.regions.searchLabel')}
          placeholder={t('utilities.regions.searchPlaceholder')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          allowClear
          className="mb-regions-search"
        />
        <Select<RegionLevel | 0>
          aria-label={t('utilities.regions.levelFilter')}
          value={level}
          onChange={setLevel}
          className="mb-regions-level"
          options={[
            { value: 0, label: t('utilities.regions.allLevels') },
            ...([1, 2, 3] as const).map((value) => ({
              value,
              label: `${value} · ${t(`utilities.regions.levels.${value}`)}`,
            })),
          ]}
        />
      </div>
      <p className="mb-muted" aria-live="polite">
        {t('utilities.regions.count', { count: shown.length })}
      </p>
      <Table<RegionRow>
        className="mb-regions-table"
        rowKey={(row) => `${row.code}-${row.level}`}
        columns={columns}
        dataSource={shown}
        size="small"
        pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('utilities.regions.empty', { query: query.trim() }) }}
      />
      <p className="mb-muted mb-regions-note">{t('utilities.regions.note')}</p>
    </div>
  );
}
