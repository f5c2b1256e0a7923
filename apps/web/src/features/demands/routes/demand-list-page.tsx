import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEMAND_STATES, type DemandState, type DemandSummary } from '@mathbridge/contracts/demands';
import { QueryTable, StatusTabs } from '../../../components/query-table.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { useSession } from '../../../lib/session-store.ts';
import { formatDateTime, formatDay, formatYuan } from '../../../lib/format.ts';
import { industryLabel } from '../../../lib/reference-names.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { useDemands } from '../api/demands.ts';
import { DemandStatusTag } from '../components/status-tag.tsx';
import '../components/demands.css';

const BASE = '/manage/demandManage';

/** /manage/demandManage/list: the enterprise's demands (admins: everyone's) by status, paginated. */
export default function DemandListPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const admin = useSession((s) => s.roles.includes('Admin'));
  const params = useListParams<DemandState, 'cooperating'>({ statuses: DEMAND_STATES, filters: ['cooperating'] });
  const { status } = params;
  // `?cooperating=1` (the dashboard's count): only live demands with a cooperation under way.
  const cooperating = params.filters.cooperating === '1' ? 1 : undefined;
  const list = useDemands({ status, cooperating, page: params.page, page_size: params.pageSize });
  const counts = list.data?.counts;
  const total = counts ? Object.values(counts).reduce((a, b) => a + b, 0) : undefined;

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
          <StatusTabs<DemandState | 'all'>
            value={status ?? 'all'}
            onChange={(key) => params.setStatus(key === 'all' ? undefined : key)}
            options={[
              // Filtered to cooperations, the tabs count what the filter shows, not every demand.
              { value: 'all', label: t('demands.list.all'), count: cooperating ? list.data?.total : total },
              ...DEMAND_STATES.map((state) => ({
                value: state,
                label: t(`demandStates.${state}`),
                count: cooperating ? undefined : counts?.[state],
              })),
            ]}
          />
        }
      >
        {cooperating && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('demands.list.cooperatingOnly')}
            action={
              <Button size="small" onClick={() => params.setFilters({ cooperating: undefined })}>
                {t('demands.list.showAll')}
              </Button>
            }
          />
        )}
        <QueryTable<DemandSummary>
          query={list}
          list={params}
          columns={columns}
          scroll={{ x: 760 }}
          empty={status ? t('demands.list.empty') : t('demands.list.emptyAll')}
          emptyAction={
            !admin &&
            !status && (
              <Link to={`${BASE}/demandForm/new`}>
                <Button type="primary">{t('demands.list.create')}</Button>
              </Link>
            )
          }
        />
      </Card>
    </>
  );
}
