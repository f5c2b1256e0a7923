import {
  Alert,
  Button,
  Card,
  Drawer,
  Empty,
  Form,
  InputNumber,
  Result,
  Skeleton,
  Space,
  Table,
  Tabs,
  type TableProps,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '@mathbridge/contracts/constants';
import { BUDGET_MAX } from '@mathbridge/contracts/demands';
import {
  SOLUTION_STATES,
  SOLUTION_TEXT_MAX,
  SolutionSaveSchema,
  type Solution,
  type SolutionState,
} from '@mathbridge/contracts/solutions';
import { LoadError } from '../../../components/load-error.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { schemaField } from '../../../lib/form-rules.ts';
import { notify } from '../../../lib/notify.ts';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes.ts';
import { formatDateTime } from '../../identity/components/format.ts';
import { showFormError } from '../../identity/components/form-kit.ts';
import { useDemand } from '../api/demands.ts';
import { useOwnSolutions, useSaveSolution, useSolution, useSolutionAction } from '../api/solutions.ts';
import { AttachmentsInput, type AttachmentValue } from '../components/attachments-input.tsx';
import { formatYuan } from '../components/format.ts';
import { MarkdownInput } from '../components/markdown-input.tsx';
import { SolutionView } from '../components/solution-view.tsx';
import { SolutionStatusTag } from '../components/status-tag.tsx';
import '../i18n/strings.ts';
import '../components/demands.css';

const shape = SolutionSaveSchema.shape;

interface SolutionFormValues {
  approach: string;
  team: string;
  timeline: string;
  cost_estimate: number | null;
  attachments: AttachmentValue[];
}

/** Write or edit a solution: a new one for `demandId`, or the draft `solution`. */
function SolutionForm({
  demandId,
  solution,
  onDone,
}: {
  demandId: number;
  solution: Solution | null;
  onDone: (id: number) => void;
}) {
  const { t } = useTranslation();
  const demand = useDemand(demandId);
  const save = useSaveSolution();
  const [form] = Form.useForm<SolutionFormValues>();
  const [dirty, setDirty] = useState(false);
  const [doneId, setDoneId] = useState<number | null>(null);
  useUnsavedChanges(dirty);
  useEffect(() => {
    if (doneId !== null && !dirty) onDone(doneId);
  }, [doneId, dirty, onDone]);

  const run = async (commit: 0 | 1) => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const payload = {
      id: solution?.id,
      demand_id: demandId,
      commit,
      approach: values.approach,
      team: values.team,
      timeline: values.timeline,
      cost_estimate: values.cost_estimate ?? Number.NaN,
      attachments: (values.attachments ?? []).map((a) => a.id),
    };
    try {
      const saved = await save.mutateAsync(payload);
      notify.success(commit ? t('demands.mySolutions.submitted') : t('demands.mySolutions.saved'));
      setDirty(false);
      setDoneId(saved.id);
    } catch (error) {
      // A failed submit keeps the work as a draft (unless the fields themselves are wrong).
      if (commit === 1 && !(isApiError(error) && error.fieldErrors.length > 0)) {
        const kept = await save.mutateAsync({ ...payload, commit: 0 }).catch(() => null);
        if (kept) {
          notify.error(t('demands.form.submitFailedDraftKept'));
          setDirty(false);
          setDoneId(kept.id);
          return;
        }
      }
      showFormError(form, error, {});
      if (isApiError(error) && !error.handled && error.fieldErrors.length === 0) notify.error(error.message);
    }
  };

  return (
    <Card
      variant="borderless"
      title={solution ? t('demands.mySolutions.editTitle') : t('demands.mySolutions.createTitle')}
      extra={
        demand.data ? (
          <Link to={`/manage/demandManageRI/detail/${demandId}`}>
            {t('demands.mySolutions.forDemand', { title: demand.data.demand.title })}
          </Link>
        ) : null
      }
    >
      <Form<SolutionFormValues>
        form={form}
        layout="vertical"
        disabled={save.isPending}
        onValuesChange={() => setDirty(true)}
        initialValues={
          solution
            ? {
                approach: solution.approach,
                team: solution.team,
                timeline: solution.timeline,
                cost_estimate: solution.cost_estimate,
                attachments: solution.attachments,
              }
            : { attachments: [] }
        }
      >
        <Form.Item
          name="approach"
          label={t('demands.mySolutions.approach')}
          extra={t('demands.mySolutions.approachHelp')}
          {...schemaField(shape.approach)}
        >
          <MarkdownInput maxLength={SOLUTION_TEXT_MAX.approach} rows={10} />
        </Form.Item>
        <Form.Item
          name="team"
          label={t('demands.mySolutions.team')}
          extra={t('demands.mySolutions.teamHelp')}
          {...schemaField(shape.team)}
        >
          <MarkdownInput maxLength={SOLUTION_TEXT_MAX.team} rows={4} />
        </Form.Item>
        <Form.Item
          name="timeline"
          label={t('demands.mySolutions.timeline')}
          extra={t('demands.mySolutions.timelineHelp')}
          {...schemaField(shape.timeline)}
        >
          <MarkdownInput maxLength={SOLUTION_TEXT_MAX.timeline} rows={4} />
        </Form.Item>
        <Form.Item name="cost_estimate" label={t('demands.mySolutions.cost')} {...schemaField(shape.cost_estimate)}>
          <InputNumber min={0} max={BUDGET_MAX} precision={0} step={1000} style={{ width: 240 }} />
        </Form.Item>
        <Form.Item name="attachments" label={t('demands.solutions.attachments')}>
          <AttachmentsInput spaceId={solution?.space_id ?? null} />
        </Form.Item>
        <div className="mb-form-actions">
          <Button onClick={() => void run(0)} loading={save.isPending && save.variables?.commit === 0}>
            {t('demands.mySolutions.saveDraft')}
          </Button>
          <Button type="primary" onClick={() => void run(1)} loading={save.isPending && save.variables?.commit === 1}>
            {t('demands.mySolutions.submit')}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

/**
 * /manage/solutions (research institutes): the institute's solutions by status; `?demand=ID`
 * writes a new one for a received demand, `?id=ID` shows (and, while a draft, edits) one.
 */
export default function SolutionsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const demandParam = Number(params.get('demand')) || undefined;
  const idParam = Number(params.get('id')) || undefined;
  const requested = params.get('status');
  const status = SOLUTION_STATES.includes(requested as SolutionState) ? (requested as SolutionState) : undefined;
  const [page, setPage] = useState(1);
  const list = useOwnSolutions({ status, page, page_size: DEFAULT_PAGE_SIZE });
  const opened = useSolution(idParam);
  const action = useSolutionAction();
  const [editing, setEditing] = useState(false);
  const openSolution = (id: number) => {
    setEditing(false);
    setParams({ id: String(id) });
  };

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

  if (demandParam) {
    return (
      <SolutionForm
        demandId={demandParam}
        solution={null}
        onDone={(id) => navigate(`/manage/solutions?id=${id}`, { replace: true })}
      />
    );
  }

  const columns: TableProps<Solution>['columns'] = [
    {
      key: 'demand',
      title: t('demands.mySolutions.demand'),
      render: (_, s) => <Link to={`/manage/demandManageRI/detail/${s.demand.id}`}>{s.demand.title}</Link>,
    },
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
  const label = (text: string, n: number | undefined) => (n === undefined ? text : `${text} (${n})`);
  const solution = opened.data ?? null;

  return (
    <>
      <header className="mb-page-header">
        <h1>{t('demands.mySolutions.title')}</h1>
        <span className="mb-muted">{t('demands.mySolutions.subtitle')}</span>
      </header>
      <Card
        variant="borderless"
        extra={
          <Link to="/manage/demandManageRI/list">
            <Button>{t('demands.mySolutions.browse')}</Button>
          </Link>
        }
        title={
          <Tabs
            activeKey={status ?? 'all'}
            onChange={(key) => {
              setPage(1);
              setParams(key === 'all' ? {} : { status: key });
            }}
            items={[
              {
                key: 'all',
                label: label(
                  t('demands.mySolutions.all'),
                  counts ? Object.values(counts).reduce((a, b) => a + b, 0) : undefined,
                ),
              },
              ...SOLUTION_STATES.map((state) => ({
                key: state,
                label: label(t(`solutionStates.${state}`), counts?.[state]),
              })),
            ]}
          />
        }
      >
        {list.isError && !list.data ? (
          <LoadError onRetry={() => void list.refetch()} />
        ) : (
          <Table<Solution>
            rowKey="id"
            columns={columns}
            dataSource={list.data?.items}
            loading={list.isFetching}
            scroll={{ x: 720 }}
            locale={{
              emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('demands.mySolutions.empty')} />,
            }}
            pagination={{
              current: page,
              pageSize: DEFAULT_PAGE_SIZE,
              total: list.data?.total ?? 0,
              hideOnSinglePage: true,
              onChange: setPage,
            }}
          />
        )}
      </Card>
      <Drawer
        open={idParam !== undefined}
        size="large"
        title={solution ? solution.demand.title : ''}
        onClose={() => {
          setEditing(false);
          setParams({});
        }}
        extra={
          solution && !editing ? (
            <Space>
              {solution.can.edit && <Button onClick={() => setEditing(true)}>{t('demands.mySolutions.edit')}</Button>}
              {solution.can.submit && (
                <Button
                  type="primary"
                  onClick={() =>
                    void action
                      .mutateAsync({ id: solution.id, action: 'submit' })
                      .then(() => notify.success(t('demands.mySolutions.submitted')))
                  }
                >
                  {t('demands.mySolutions.submit')}
                </Button>
              )}
              {solution.can.withdraw && (
                <Button danger onClick={() => withdraw(solution)}>
                  {t('demands.mySolutions.withdraw')}
                </Button>
              )}
            </Space>
          ) : null
        }
      >
        {opened.isPending && idParam !== undefined ? (
          <Skeleton active />
        ) : !solution ? (
          <Result status="404" title={t('errors.notFound')} />
        ) : editing ? (
          <SolutionForm demandId={solution.demand.id} solution={solution} onDone={() => setEditing(false)} />
        ) : (
          <>
            {solution.status === 'declined' && solution.decline_reason && (
              <Alert
                type="error"
                showIcon
                title={t('demands.solutions.declineReason')}
                description={[t(`declineReasons.${solution.decline_reason}`), solution.decline_text]
                  .filter(Boolean)
                  .join(' — ')}
                style={{ marginBottom: 16 }}
              />
            )}
            <SolutionView solution={solution} />
          </>
        )}
      </Drawer>
    </>
  );
}
