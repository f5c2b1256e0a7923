import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Table, Tabs, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '@mathbridge/contracts/constants';
import { DEMAND_STATES, type DemandState, type DemandSummary } from '@mathbridge/contracts/demands';
import { LoadError } from '../../../components/load-error.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { useSession } from '../../../lib/session-store.ts';
import { formatDateTime } from '../../identity/components/format.ts';
import { industryLabel } from '../../identity/components/reference-names.ts';
import { useDemands } from '../api/demands.ts';
import { formatDay, formatYuan } from '../components/format.ts';
import { DemandStatusTag } from '../components/status-tag.tsx';
import '../i18n/strings.ts';
import '../components/demands.css';

const BASE = '/manage/demandManage';

/** /manage/demandManage/list: the enterprise's demands (admins: everyone's) by status, paginated. */
export default function DemandListPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const admin = useSession((s) => s.roles.includes('Admin'));
  const [params, setParams] = useSearchParams();
  const requested = params.get('status');
  const status = DEMAND_STATES.includes(requested as DemandState) ? (requested as DemandState) : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const pageSize = Number(params.get('size')) || DEFAULT_PAGE_SIZE;
  const list = useDemands({ status, page, page_size: pageSize });
  const counts = list.data?.counts;
  const total = counts ? Object.values(counts).reduce((a, b) => a + b, 0) : undefined;

  const go = (next: { status?: string; page?: number; size?: number }) =>
    setParams(
      (current) => {
        const merged = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next)) {
          if (value === undefined || value === '' || (value === 1 && key === 'page')) merged.delete(key);
          else merged.set(key, String(value));
        }
        return merged;
      },
      { replace: true },
    );

  const columns: TableProps<DemandSummary>['columns'] = [
    {
      key: 'title',
      title: t('demands.list.columns.title'),
      render: (_, item) => <Link to={`${BASE}/detail/${item.id}`}>{item.title}</Link>,
    },
    ...(admin
      ? [
          {
            key: 'org',
            title: t('demands.list.columns.org'),
            render: (_: unknown, item: DemandSummary) => item.org.name,
          },
        ]
      : []),
    {
      key: 'industry',
      title: t('demands.list.columns.industry'),
      render: (_, item) => industryLabel(item.industry, locale),
      responsive: ['lg'],
    },
    {
      key: 'budget',
      title: t('demands.list.columns.budget'),
      align: 'end',
      render: (_, item) => `${formatYuan(item.budget_min, locale)} – ${formatYuan(item.budget_max, locale)}`,
    },
    {
      key: 'deadline',
      title: t('demands.list.columns.deadline'),
      render: (_, item) => formatDay(item.deadline, locale),
    },
    {
      key: 'status',
      title: t('demands.list.columns.status'),
      render: (_, item) => <DemandStatusTag status={item.status} />,
    },
    {
      key: 'solutions',
      title: t('demands.list.columns.solutions'),
      align: 'end',
      render: (_, item) => item.solution_count,
    },
    {
      key: 'updated',
      title: t('demands.list.columns.updated'),
      render: (_, item) => formatDateTime(item.updated_at, locale),
      responsive: ['xl'],
    },
    {
      key: 'actions',
      title: t('demands.list.columns.actions'),
      render: (_, item) => (
        <span className="mb-detail-actions">
          <Link to={`${BASE}/detail/${item.id}`}>{t('demands.list.view')}</Link>
          {!admin && (item.status === 'draft' || item.status === 'rejected') && (
            <Link to={`${BASE}/demandForm/${item.id}`}>{t('demands.list.edit')}</Link>
          )}
        </span>
      ),
    },
  ];

  const tabLabel = (label: string, count: number | undefined) => (count === undefined ? label : `${label} (${count})`);

  return (
    <>
      <header className="mb-page-header">
        <h1>{t('demands.list.title')}</h1>
        <span className="mb-muted">{t('demands.list.subtitle')}</span>
      </header>
      <Card
        variant="borderless"
        extra={
          admin ? undefined : (
            <Link to={`${BASE}/demandForm/new`}>
              <Button type="primary" icon={<PlusOutlined />}>
                {t('demands.list.create')}
              </Button>
            </Link>
          )
        }
        title={
          <Tabs
            activeKey={status ?? 'all'}
            onChange={(key) => go({ status: key === 'all' ? undefined : key, page: 1 })}
            items={[
              { key: 'all', label: tabLabel(t('demands.list.all'), total) },
              ...DEMAND_STATES.map((state) => ({
                key: state,
                label: tabLabel(t(`demandStates.${state}`), counts?.[state]),
              })),
            ]}
          />
        }
      >
        {list.isError && !list.data ? (
          <LoadError onRetry={() => void list.refetch()} />
        ) : (
          <Table<DemandSummary>
            rowKey="id"
            columns={columns}
            dataSource={list.data?.items}
            loading={list.isFetching}
            scroll={{ x: 760 }}
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={status ? t('demands.list.empty') : t('demands.list.emptyAll')}
                >
                  {!admin && !status && (
                    <Link to={`${BASE}/demandForm/new`}>
                      <Button type="primary">{t('demands.list.create')}</Button>
                    </Link>
                  )}
                </Empty>
              ),
            }}
            pagination={{
              current: page,
              pageSize,
              total: list.data?.total ?? 0,
              showSizeChanger: true,
              hideOnSinglePage: true,
              onChange: (next, size) =>
                go({ page: size === pageSize ? next : 1, size: size === DEFAULT_PAGE_SIZE ? undefined : size }),
            }}
          />
        )}
      </Card>
    </>
  );
}
