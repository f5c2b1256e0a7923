import { Button, Card, Checkbox, Input, InputNumber, Select, Skeleton, Space, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  BUDGET_MAX,
  PUBLISHED_SORTS,
  type PublishedDemand,
  type PublishedSort,
  type RecommendedDemand,
} from '@mathbridge/contracts/demands';
import { InfiniteQueryList } from '../../../components/infinite-query-list.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { MscFilterSelect } from '../../../components/msc-filter-select.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { AreaCascader } from '../../../components/area-cascader.tsx';
import { IndustrySelect } from '../../../components/industry-select.tsx';
import { areaName, industryLabel, researchFieldLabel } from '../../../lib/reference-names.ts';
import { useTypedSearchParams } from '../../../lib/use-typed-search-params.ts';
import { useSession } from '../../../lib/session-store.ts';
import { usePublishedDemands, useRecommendedDemands, type MarketFilters } from '../api/market.ts';
import { formatDay, formatYuan } from '../../../lib/format.ts';
import '../components/demands.css';

const BASE = '/manage/demandManageRI';

/** A whole number of yuan from the address bar, or nothing. */
function budgetParam(raw: string | null): number | undefined {
  if (raw === null || !/^\d+$/.test(raw)) return undefined;
  const value = Number(raw);
  return value <= BUDGET_MAX ? value : undefined;
}

/** The filters live in the address bar, so going back from a demand restores them. */
function readFilters(params: URLSearchParams): MarketFilters {
  const sort = params.get('sort');
  const [province, city] = (params.get('area') ?? '').split(',');
  return {
    keyword: params.get('keyword')?.trim() || undefined,
    industry: params.get('industry') || undefined,
    province_code: province || undefined,
    city_code: city || undefined,
    budget_min: budgetParam(params.get('budget_min')),
    budget_max: budgetParam(params.get('budget_max')),
    msc: params.get('msc') || undefined,
    sort: PUBLISHED_SORTS.includes(sort as PublishedSort) ? (sort as PublishedSort) : 'newest',
    received: params.get('received') === '1' ? 1 : undefined,
  };
}

function DemandCardBody({ demand }: { demand: PublishedDemand }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const meta = [
    demand.org.name,
    industryLabel(demand.industry, locale),
    areaName(demand.province_code, demand.city_code, locale),
  ].filter(Boolean);
  return (
    <>
      <div className="mb-market-card-head">
        <Link className="mb-market-card-title" to={`${BASE}/detail/${demand.id}`}>
          {demand.title}
        </Link>
        {demand.received && (
          <Tag color="green" data-testid="received-tag">
            {t('demands.market.received')}
          </Tag>
        )}
        {demand.nda_required === 1 && <Tag color="gold">{t('demands.market.nda')}</Tag>}
        <span className="mb-market-card-budget">
          {t('demands.detail.budgetRange', {
            min: formatYuan(demand.budget_min, locale),
            max: formatYuan(demand.budget_max, locale),
          })}
        </span>
      </div>
      <div className="mb-market-card-meta mb-muted">
        {meta.map((part) => (
          <span key={part}>{part}</span>
        ))}
        <span>{t('demands.market.deadlineOn', { date: formatDay(demand.deadline, locale) })}</span>
      </div>
      <p className="mb-market-card-summary">{demand.summary}</p>
    </>
  );
}

function MarketCard({ demand }: { demand: PublishedDemand }) {
  const locale = useLocale();
  return (
    <Card size="small" className="mb-market-card" data-testid="market-card">
      <DemandCardBody demand={demand} />
      <Space size={[4, 4]} wrap>
        {demand.msc_fields.map((code) => (
          <Tag key={code}>{researchFieldLabel(code, locale)}</Tag>
        ))}
      </Space>
    </Card>
  );
}

function RecommendedCard({ demand }: { demand: RecommendedDemand }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Card size="small" className="mb-market-card mb-market-card-recommended" data-testid="recommended-card">
      <DemandCardBody demand={demand} />
      <div className="mb-market-matched">
        <span className="mb-muted">{t('demands.market.matched')}</span>
        {demand.matched_fields.map((code) => (
          <Tag key={code} color="blue">
            {researchFieldLabel(code, locale)}
          </Tag>
        ))}
      </div>
    </Card>
  );
}

/** 'Recommended for you': published demands sharing research fields with the institute. */
function RecommendedBlock() {
  const { t } = useTranslation();
  const recommended = useRecommendedDemands();
  let body;
  if (recommended.isPending) body = <Skeleton active paragraph={{ rows: 2 }} />;
  else if (recommended.isError) body = <LoadError onRetry={() => void recommended.refetch()} />;
  else if (recommended.data.items.length === 0)
    body = <p className="mb-muted">{t('demands.market.recommendedEmpty')}</p>;
  else
    body = (
      <div className="mb-market-recommended-grid">
        {recommended.data.items.map((demand) => (
          <RecommendedCard key={demand.id} demand={demand} />
        ))}
      </div>
    );
  return (
    <Card variant="borderless" title={t('demands.market.recommended')} style={{ marginBottom: 16 }}>
      {body}
    </Card>
  );
}

/**
 * /manage/demandManageRI/list (research institutes): what is recommended for them, then every
 * published demand with filters and sorting, loaded page after page as the list scrolls.
 */
export default function DemandMarketPage() {
  const { t } = useTranslation();
  const admin = useSession((s) => s.roles.includes('Admin'));
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const list = usePublishedDemands(filters);

  // Typed values reach the address bar (and the query) once the typing pauses.
  const [keyword, setKeyword] = useState(filters.keyword ?? '');
  const [budget, setBudget] = useState<[number | null, number | null]>([
    filters.budget_min ?? null,
    filters.budget_max ?? null,
  ]);
  useTypedSearchParams({
    keyword: keyword.trim(),
    budget_min: budget[0] === null ? '' : String(budget[0]),
    budget_max: budget[1] === null ? '' : String(budget[1]),
  });

  const update = (next: Record<string, string | number | null | undefined>) =>
    setParams(
      (current) => {
        const merged = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next)) {
          if (value === undefined || value === null || value === '') merged.delete(key);
          else merged.set(key, String(value));
        }
        return merged;
      },
      { replace: true },
    );

  const reset = () => {
    setKeyword('');
    setBudget([null, null]);
    setParams({}, { replace: true });
  };

  const total = list.data?.pages[0]?.total ?? null;
  const area = filters.province_code
    ? [filters.province_code, ...(filters.city_code ? [filters.city_code] : [])]
    : undefined;

  return (
    <>
      <header className="mb-page-header">
        <h1>{t('demands.market.title')}</h1>
        <span className="mb-muted">{t('demands.market.subtitle')}</span>
      </header>
      {/* Admins see every published demand; with no research fields nothing is recommended to them. */}
      {!admin && <RecommendedBlock />}
      <Card variant="borderless" style={{ marginBottom: 16 }}>
        <div className="mb-market-filters" role="search">
          <div className="mb-market-filter mb-market-filter-wide">
            <label htmlFor="market-keyword">{t('demands.market.keyword')}</label>
            <Input.Search
              id="market-keyword"
              value={keyword}
              onChange={(e) => setKeyword(e.target.value)}
              onSearch={(value) => setKeyword(value)}
              allowClear
              placeholder={t('demands.market.keyword')}
            />
          </div>
          <div className="mb-market-filter">
            <label htmlFor="market-industry">{t('demands.market.industry')}</label>
            <IndustrySelect
              id="market-industry"
              value={filters.industry}
              onChange={(value) => update({ industry: value })}
            />
          </div>
          <div className="mb-market-filter">
            <label htmlFor="market-region">{t('demands.market.region')}</label>
            <AreaCascader id="market-region" value={area} onChange={(value) => update({ area: value.join(',') })} />
          </div>
          <div className="mb-market-filter">
            <label htmlFor="market-msc">{t('demands.market.msc')}</label>
            <MscFilterSelect
              id="market-msc"
              value={filters.msc}
              onChange={(value) => update({ msc: value })}
              placeholder={t('demands.market.msc')}
            />
          </div>
          <div className="mb-market-filter mb-market-filter-wide">
            <span>{`${t('demands.market.budgetMin')} – ${t('demands.market.budgetMax')}`}</span>
            <Space.Compact block>
              <InputNumber
                aria-label={t('demands.market.budgetMin')}
                placeholder={t('demands.market.budgetMin')}
                min={0}
                max={BUDGET_MAX}
                precision={0}
                step={10000}
                value={budget[0]}
                onChange={(value) => setBudget(([, max]) => [value, max])}
                style={{ width: '50%' }}
              />
              <InputNumber
                aria-label={t('demands.market.budgetMax')}
                placeholder={t('demands.market.budgetMax')}
                min={0}
                max={BUDGET_MAX}
                precision={0}
                step={10000}
                value={budget[1]}
                onChange={(value) => setBudget(([min]) => [min, value])}
                style={{ width: '50%' }}
              />
            </Space.Compact>
          </div>
          <div className="mb-market-filter">
            <label htmlFor="market-sort">{t('demands.market.sort')}</label>
            <Select<PublishedSort>
              id="market-sort"
              value={filters.sort}
              onChange={(value) => update({ sort: value === 'newest' ? undefined : value })}
              options={PUBLISHED_SORTS.map((sort) => ({ value: sort, label: t(`demands.market.sorts.${sort}`) }))}
            />
          </div>
        </div>
        <div className="mb-market-filter-bar">
          {!admin && (
            <Checkbox
              checked={filters.received === 1}
              onChange={(e) => update({ received: e.target.checked ? 1 : undefined })}
              data-testid="market-received-only"
            >
              {t('demands.market.receivedOnly')}
            </Checkbox>
          )}
          <span className="mb-muted" data-testid="market-total">
            {total !== null ? t('demands.market.total', { count: total }) : ''}
          </span>
          <Button onClick={reset}>{t('demands.market.reset')}</Button>
        </div>
      </Card>
      <InfiniteQueryList<PublishedDemand>
        query={list}
        itemKey={(demand) => demand.id}
        renderItem={(demand) => <MarketCard demand={demand} />}
        className="mb-demand-card-list"
        empty={t('demands.market.empty')}
        loadMoreLabel={t('demands.market.loadMore')}
        endLabel={t('demands.market.end')}
      />
    </>
  );
}
