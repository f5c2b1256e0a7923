import { Button, Card, Space, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { SOLUTION_STATES, type Solution, type SolutionState } from '@mathbridge/contracts/solutions';
import { QueryTable, StatusTabs } from '../../../components/query-table.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { formatDateTime, formatYuan } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session-store.ts';
import { notify } from '../../../lib/notify.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { useOwnSolutions, useSolutionAction } from '../api/solutions.ts';
import { SolutionDrawer } from '../components/solution-drawer.tsx';
import { SolutionStatusTag } from '../components/status-tag.tsx';
import '../components/demands.css';

/**
 * /manage/solutions (research institutes): the institute's solutions by status; `?id=ID` shows one.
 * Solutions are written on the solution form page; an older `?demand=ID` link goes there.
 */
export default function SolutionsPage() {
  const { t } = useTranslation();
  const admin = useSession((s) => s.roles.includes('Admin'));
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const demandParam = Number(params.get('demand')) || undefined;
  const idParam = Number(params.get('id')) || undefined;
  const listParams = useListParams<SolutionState>({ statuses: SOLUTION_STATES });
  const { status } = listParams;
  const list = useOwnSolutions({ status, page: listParams.page, page_size: listParams.pageSize });
  const action = useSolutionAction();
  const openSolution = (id: number) => setParams({ id: String(id) });

  const withdraw = (solution: Solution) =>
    notify.confirm({
      title: t('demands.mySolutions.withdraw'),
      content: t('demands.mySolutions.withdrawConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await action.mutateAsync({ id: solution.id, action: 'withdraw' });
        notify.success(t('demands.mySolutions.withdrawn'));
      },
    });

  if (demandParam) return <Navigate to={`/manage/demandManageRI/demandForm/${demandParam}`} replace />;

  const columns: TableProps<Solution>['columns'] = [
    {
      key: 'demand',
      title: t('demands.mySolutions.demand'),
      render: (_, s) => <Link to={`/manage/demandManageRI/detail/${s.demand.id}`}>{s.demand.title}</Link>,
    },
    // Admins read every institute's solutions: say whose each one is.
    ...(admin
      ? [
          {
            key: 'institute',
            title: t('demands.solutions.institute'),
            render: (_: unknown, s: Solution) => s.institute.name,
          },
        ]
      : []),
    {
      key: 'cost',
      title: t('demands.solutions.cost'),
      align: 'end',
      render: (_, s) => t('demands.solutions.costValue', { value: formatYuan(s.cost_estimate, locale) }),
    },
    { key: 'status', title: t('demands.solutions.status'), render: (_, s) => <SolutionStatusTag status={s.status} /> },
    {
      key: 'reason',
      title: t('demands.solutions.declineReason'),
      render: (_, s) =>
        s.decline_reason ? [t(`declineReasons.${s.decline_reason}`), s.decline_text].filter(Boolean).join(' — ') : '—',
    },
    {
      key: 'updated',
      title: t('demands.list.columns.updated'),
      render: (_, s) => formatDateTime(s.updated_at, locale),
      responsive: ['lg'],
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_, s) => (
        <Space size={4} wrap>
          <Button size="small" onClick={() => openSolution(s.id)}>
            {t('demands.mySolutions.view')}
          </Button>
          {s.can.withdraw && (
            <Button size="small" danger onClick={() => withdraw(s)}>
              {t('demands.mySolutions.withdraw')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  const counts = list.data?.counts;

  return (
    <>
      <header className="mb-page-header">
        <h1>{t(admin ? 'demands.mySolutions.adminTitle' : 'demands.mySolutions.title')}</h1>
        <span className="mb-muted">
          {t(admin ? 'demands.mySolutions.adminSubtitle' : 'demands.mySolutions.subtitle')}
        </span>
      </header>
      <Card
        variant="borderless"
        extra={
          <Link to="/manage/demandManageRI/list">
            <Button>{t('demands.mySolutions.browse')}</Button>
          </Link>
        }
        title={
          <StatusTabs<SolutionState | 'all'>
            value={status ?? 'all'}
            onChange={(key) => listParams.setStatus(key === 'all' ? undefined : key)}
            options={[
              {
                value: 'all',
                label: t('demands.mySolutions.all'),
                count: counts ? Object.values(counts).reduce((a, b) => a + b, 0) : undefined,
              },
              ...SOLUTION_STATES.map((state) => ({
                value: state,
                label: t(`solutionStates.${state}`),
                count: counts?.[state],
              })),
            ]}
          />
        }
      >
        <QueryTable<Solution>
          query={list}
          list={listParams}
          columns={columns}
          scroll={{ x: 720 }}
          empty={t(admin ? 'demands.mySolutions.adminEmpty' : 'demands.mySolutions.empty')}
        />
      </Card>
      <SolutionDrawer id={idParam} onClose={() => setParams({})} onWithdraw={withdraw} />
    </>
  );
}
