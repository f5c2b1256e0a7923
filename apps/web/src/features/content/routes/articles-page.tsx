import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Grid, Input, Select, Tag, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ARTICLE_STATES, type ArticleState, type ArticleSummary } from '@mathbridge/contracts/content';
import { ButtonLink } from '../../../components/button-link.tsx';
import { QueryTable, StatusTabs } from '../../../components/query-table.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { useArticleAction, useArticleCounts, useArticles, useCategories, type ArticleAction } from '../api/content.ts';
import { ContentLayout } from '../components/content-layout.tsx';
import { ArticleStatusTag, isScheduled } from '../components/labels.tsx';
import { categoryName } from '../../../lib/category-name.ts';

const BASE = '/manage/content/articles';
const FILTERS = ['category_id', 'keyword'] as const;

/** /manage/content/articles: every article by state, category and keyword, with its actions. */
export default function ArticlesPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  // The actions stay in view on wide screens; on a phone a fixed column would leave no room for the rest.
  const wide = Grid.useBreakpoint().md === true;
  const params = useListParams<ArticleState, (typeof FILTERS)[number]>({ statuses: ARTICLE_STATES, filters: FILTERS });
  const { status, filters } = params;
  const categoryId = Number(filters.category_id) || undefined;
  const list = useArticles({
    status,
    category_id: categoryId,
    keyword: filters.keyword,
    page: params.page,
    page_size: params.pageSize,
  });
  const counts = useArticleCounts({ category_id: categoryId, keyword: filters.keyword });
  const total = ARTICLE_STATES.every((state) => counts[state] !== undefined)
    ? ARTICLE_STATES.reduce((sum, state) => sum + (counts[state] ?? 0), 0)
    : undefined;
  const categories = useCategories();
  const [keyword, setKeyword] = useState(filters.keyword ?? '');
  const action = useArticleAction();

  const run = (article: ArticleSummary, kind: ArticleAction | 'publish') =>
    notify.confirm({
      title: t(`content.articles.confirm.${kind}.title`),
      content: t(`content.articles.confirm.${kind}.content`, { title: article.title }),
      okText: t(`content.articles.actions.${kind}`),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: kind !== 'publish' },
      onOk: async () => {
        await action.mutateAsync({ id: article.id, action: kind });
        notify.success(t(`content.articles.done.${kind}`));
      },
    });

  const columns: TableProps<ArticleSummary>['columns'] = [
    {
      key: 'title',
      title: t('content.articles.columns.title'),
      render: (_, item) => (
        <span className="mb-content-title-cell">
          {item.cover_url && <img className="mb-content-thumb" src={item.cover_url} alt="" loading="lazy" />}
          <span>
            <Link to={`${BASE}/${item.id}`}>{item.title}</Link>
            {item.recommended === 1 && (
              <Tag color="gold" style={{ marginInlineStart: 8 }}>
                {t('content.articles.recommended')}
              </Tag>
            )}
          </span>
        </span>
      ),
    },
    {
      key: 'category',
      title: t('content.articles.columns.category'),
      render: (_, item) => categoryName(item.category, locale),
    },
    {
      key: 'status',
      title: t('content.articles.columns.status'),
      render: (_, item) => <ArticleStatusTag article={item} />,
    },
    {
      key: 'publish_at',
      title: t('content.articles.columns.publishAt'),
      render: (_, item) => (item.status === 'draft' ? '—' : formatDateTime(item.publish_at, locale, 'numeric')),
    },
    {
      key: 'views',
      title: t('content.articles.columns.views'),
      align: 'end',
      render: (_, item) => item.views,
    },
    {
      key: 'updated',
      title: t('content.articles.columns.updated'),
      render: (_, item) => formatDateTime(item.updated_at, locale, 'numeric'),
      responsive: ['xxl'],
    },
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: wide ? 'right' : undefined,
      render: (_, item) => (
        <span className="mb-content-actions">
          <Link to={`${BASE}/${item.id}`}>{t('common.edit')}</Link>
          <a href={`/news/detail/${item.id}`} target="_blank" rel="noreferrer">
            {t('content.articles.actions.preview')}
          </a>
          {item.status !== 'published' && (
            <Button type="link" onClick={() => run(item, 'publish')}>
              {t('content.articles.actions.publish')}
            </Button>
          )}
          {item.status === 'published' && (
            <Button type="link" onClick={() => run(item, 'withdraw')}>
              {isScheduled(item) ? t('content.articles.actions.unschedule') : t('content.articles.actions.withdraw')}
            </Button>
          )}
          {item.status !== 'published' && (
            <Button type="link" danger onClick={() => run(item, 'delete')}>
              {t('common.delete')}
            </Button>
          )}
        </span>
      ),
    },
  ];

  return (
    <ContentLayout
      section="articles"
      extra={
        <ButtonLink to={`${BASE}/0`} type="primary" icon={<PlusOutlined />}>
          {t('content.articles.create')}
        </ButtonLink>
      }
    >
      <Card
        variant="borderless"
        title={
          <StatusTabs<ArticleState | 'all'>
            value={status ?? 'all'}
            onChange={(key) => params.setStatus(key === 'all' ? undefined : key)}
            options={[
              { value: 'all', label: t('content.articles.all'), count: total },
              ...ARTICLE_STATES.map((state) => ({
                value: state,
                label: t(`content.states.${state}`),
                count: counts[state],
              })),
            ]}
          />
        }
      >
        <div className="mb-content-filters" role="search">
          <Select
            allowClear
            aria-label={t('content.articles.columns.category')}
            placeholder={t('content.articles.allCategories')}
            value={categoryId}
            loading={categories.isPending}
            onChange={(value?: number) =>
              params.setFilters({ category_id: value ? String(value) : undefined, keyword: filters.keyword })
            }
            options={(categories.data ?? []).map((category) => ({
              value: category.id,
              label: categoryName(category, locale),
            }))}
          />
          <Input.Search
            allowClear
            aria-label={t('content.articles.keyword')}
            placeholder={t('content.articles.keyword')}
            value={keyword}
            maxLength={50}
            onChange={(event) => setKeyword(event.target.value)}
            onSearch={(value) => params.setFilters({ category_id: filters.category_id, keyword: value.trim() })}
          />
        </div>
        <QueryTable<ArticleSummary>
          query={list}
          list={params}
          columns={columns}
          empty={
            status || categoryId || filters.keyword ? t('content.articles.emptyFiltered') : t('content.articles.empty')
          }
          emptyAction={
            !status &&
            !categoryId &&
            !filters.keyword && (
              <ButtonLink to={`${BASE}/0`} type="primary">
                {t('content.articles.create')}
              </ButtonLink>
            )
          }
        />
      </Card>
    </ContentLayout>
  );
}
