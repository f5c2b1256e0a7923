import { Button, Card, Input, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { Wish } from '@mathbridge/contracts/wishes';
import { InfiniteQueryList } from '../../../components/infinite-query-list.tsx';
import { MscFilterSelect } from '../../../components/msc-filter-select.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { formatDate } from '../../../lib/format.ts';
import { useTypedSearchParams } from '../../../lib/use-typed-search-params.ts';
import { useOpenWishes, type OpenWishFilters } from '../api/wishes.ts';
import { MscTags } from '../../../components/msc-tags.tsx';
import '../components/wishes.css';

const BASE = '/manage/willManageRI';

function readFilters(params: URLSearchParams): OpenWishFilters {
  const msc = params.get('msc');
  return { msc: msc && /^\d{2}$/.test(msc) ? msc : undefined, keyword: params.get('keyword')?.trim() || undefined };
}

function OpenWishCard({ wish }: { wish: Wish }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Card size="small" className="mb-wish-card" data-testid="open-wish-card">
      <div className="mb-wish-card-head">
        <Link className="mb-wish-card-title" to={`${BASE}/detail/${wish.id}`}>
          {wish.title}
        </Link>
        {wish.my_response && <Tag color="success">{t('wishes.open.responded')}</Tag>}
      </div>
      <div className="mb-wish-card-meta mb-muted">
        <span>{wish.org.name}</span>
        <span>{t('wishes.open.partner', { value: t(`partnerTypes.${wish.partner_type}`) })}</span>
        <span>{t('wishes.open.duration', { value: t(`wishDurations.${wish.duration}`) })}</span>
        <span>{t('wishes.open.postedOn', { date: formatDate(wish.created_at, locale) })}</span>
        <span>{t('wishes.open.responseCount', { count: wish.response_count })}</span>
      </div>
      <p className="mb-wish-card-text">{wish.description}</p>
      <MscTags codes={wish.msc_fields} />
    </Card>
  );
}

/**
 * /manage/willManageRI/list (research institutes): open cooperation wishes, newest first,
 * filtered by field and keyword, loaded page after page as the list scrolls.
 */
export default function WishOpenListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const list = useOpenWishes(filters);

  const [keyword, setKeyword] = useState(filters.keyword ?? '');
  useTypedSearchParams({ keyword: keyword.trim() });
  const setParam = (key: string, value: string | undefined) =>
    setParams(
      (current) => {
        const merged = new URLSearchParams(current);
        if (value) merged.set(key, value);
        else merged.delete(key);
        return merged;
      },
      { replace: true },
    );

  const total = list.data?.pages[0]?.total ?? null;

  return (
    <>
      <header className="mb-page-header">
        <h1>{t('wishes.open.title')}</h1>
        <span className="mb-muted">{t('wishes.open.subtitle')}</span>
      </header>
      <Card variant="borderless" style={{ marginBottom: 16 }}>
        <div className="mb-wish-filters" role="search">
          <div className="mb-wish-filter">
            <label htmlFor="wish-keyword">{t('wishes.open.keyword')}</label>
            <Input.Search
              id="wish-keyword"
              value={keyword}
              onChange={(e) => setKeyword(e.target.value)}
              onSearch={setKeyword}
              allowClear
              placeholder={t('wishes.open.keyword')}
            />
          </div>
          <div className="mb-wish-filter">
            <label htmlFor="wish-msc">{t('wishes.open.msc')}</label>
            <MscFilterSelect
              id="wish-msc"
              value={filters.msc}
              onChange={(value) => setParam('msc', value)}
              placeholder={t('wishes.open.msc')}
            />
          </div>
          <Button
            onClick={() => {
              setKeyword('');
              setParams({}, { replace: true });
            }}
          >
            {t('wishes.open.reset')}
          </Button>
        </div>
        {total !== null && (
          <div className="mb-muted" style={{ marginTop: 12 }} data-testid="open-wish-total">
            {t('wishes.open.total', { count: total })}
          </div>
        )}
      </Card>
      <InfiniteQueryList<Wish>
        query={list}
        itemKey={(wish) => wish.id}
        renderItem={(wish) => <OpenWishCard wish={wish} />}
        className="mb-wish-cards"
        empty={t('wishes.open.empty')}
        loadMoreLabel={t('wishes.open.loadMore')}
        endLabel={t('wishes.open.end')}
      />
    </>
  );
}
