import { Button, Card, Input, Space, Switch, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { PoolPage } from '@mathbridge/contracts/research';
import { InfiniteQueryList } from '../../../components/infinite-query-list.tsx';
import { MscFilterSelect } from '../../../components/msc-filter-select.tsx';
import { MscTags } from '../../../components/msc-tags.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { formatDay } from '../../../lib/format.ts';
import { useTypedSearchParams } from '../../../lib/use-typed-search-params.ts';
import { usePool, type PoolFilters } from '../api/research.ts';
import { projectPath, useResearchFace } from '../faces.ts';
import { ProjectStatusTag } from '../components/status-tags.tsx';
import '../components/join.css';

type PoolItem = PoolPage['items'][number];

/** The filters live in the address bar, so going back from a project restores them. */
function readFilters(params: URLSearchParams): PoolFilters {
  const msc = params.get('msc');
  return {
    msc: msc && /^\d{2}$/.test(msc) ? msc : undefined,
    keyword: params.get('keyword')?.trim() || undefined,
    owner: params.get('owner')?.trim() || undefined,
    recommended: params.get('recommended') === '1' ? 1 : 0,
  };
}

function PoolCard({ project }: { project: PoolItem }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const face = useResearchFace();
  const full = project.member_count >= project.headcount;
  return (
    <Card size="small" className="mb-pool-card" data-testid="pool-card">
      <div className="mb-pool-card-head">
        <Link className="mb-pool-card-title" to={projectPath(face, 'detail', project.id) ?? face.base}>
          {project.title}
        </Link>
        <ProjectStatusTag status={project.status} />
        {project.recommended && (
          <Tag color="blue" data-testid="recommended-tag">
            {t('research.join.pool.recommendedTag')}
          </Tag>
        )}
        {project.confidential === 1 && <Tag color="gold">{t('research.fields.confidential')}</Tag>}
      </div>
      <div className="mb-pool-card-meta mb-muted">
        <span>{project.owner.name}</span>
        <span className={full ? 'mb-pool-full' : undefined}>
          {t('research.join.pool.members', { count: project.member_count, headcount: project.headcount })}
        </span>
        <span>
          {project.apply_deadline
            ? t('research.join.pool.applyBy', { date: formatDay(project.apply_deadline, locale) })
            : t('research.noDeadline')}
        </span>
      </div>
      <p className="mb-pool-card-summary">{project.summary}</p>
      <MscTags codes={project.msc_fields} />
    </Card>
  );
}

/**
 * subjectsPool/list (specialists) and directionsPool/list (specialists, students): the projects the
 * viewer may join, filtered by MSC class, keyword, owner and 'recommended for you' (an MSC field
 * shared with the viewer's research fields), loaded page after page as the list scrolls.
 */
export default function PoolPageScreen() {
  const { t } = useTranslation();
  const face = useResearchFace();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const list = usePool(face.kind, filters);

  // Typed values reach the address bar (and the query) once the typing pauses.
  const [keyword, setKeyword] = useState(filters.keyword ?? '');
  const [owner, setOwner] = useState(filters.owner ?? '');
  useTypedSearchParams({ keyword: keyword.trim(), owner: owner.trim() });

  const update = (key: string, value: string | undefined) =>
    setParams(
      (current) => {
        const merged = new URLSearchParams(current);
        if (value) merged.set(key, value);
        else merged.delete(key);
        return merged;
      },
      { replace: true },
    );

  const filtered = filters.msc !== undefined || filters.keyword || filters.owner || filters.recommended === 1;
  const reset = () => {
    setKeyword('');
    setOwner('');
    setParams({}, { replace: true });
  };

  return (
    <>
      <header className="mb-page-header">
        <h1>{t(`research.join.pool.title.${face.kind}`)}</h1>
        <span className="mb-muted">{t(`research.join.pool.subtitle.${face.kind}`)}</span>
      </header>
      <Card variant="borderless" style={{ marginBottom: 16 }}>
        <div className="mb-pool-filters" role="search">
          <div className="mb-pool-filter mb-pool-filter-wide">
            <label htmlFor="pool-keyword">{t('research.join.pool.keyword')}</label>
            <Input.Search
              id="pool-keyword"
              value={keyword}
              onChange={(e) => setKeyword(e.target.value)}
              onSearch={(value) => setKeyword(value)}
              allowClear
              placeholder={t('research.join.pool.keywordPlaceholder')}
            />
          </div>
          <div className="mb-pool-filter">
            <label htmlFor="pool-owner">{t('research.join.pool.owner')}</label>
            <Input
              id="pool-owner"
              value={owner}
              onChange={(e) => setOwner(e.target.value)}
              allowClear
              placeholder={t('research.join.pool.ownerPlaceholder')}
            />
          </div>
          <div className="mb-pool-filter">
            <label htmlFor="pool-msc">{t('research.fields.msc')}</label>
            <MscFilterSelect
              id="pool-msc"
              value={filters.msc}
              onChange={(value) => update('msc', value)}
              placeholder={t('research.join.pool.mscPlaceholder')}
            />
          </div>
        </div>
        <div className="mb-pool-filter-bar">
          <Space>
            <Switch
              id="pool-recommended"
              checked={filters.recommended === 1}
              onChange={(on) => update('recommended', on ? '1' : undefined)}
            />
            <label htmlFor="pool-recommended">{t('research.join.pool.recommended')}</label>
          </Space>
          <Button onClick={reset} disabled={!filtered && !keyword && !owner}>
            {t('research.join.pool.reset')}
          </Button>
        </div>
      </Card>
      <InfiniteQueryList<PoolItem>
        query={list}
        itemKey={(project) => project.id}
        renderItem={(project) => <PoolCard project={project} />}
        className="mb-pool-card-list"
        empty={
          <div className="mb-pool-empty" data-testid="pool-empty">
            <div>{t(filtered ? 'research.join.pool.emptyFiltered' : 'research.join.pool.empty')}</div>
            {filtered && (
              <Button type="link" onClick={reset}>
                {t('research.join.pool.reset')}
              </Button>
            )}
          </div>
        }
        loadMoreLabel={t('research.join.pool.loadMore')}
        endLabel={t('research.join.pool.end')}
      />
    </>
  );
}
