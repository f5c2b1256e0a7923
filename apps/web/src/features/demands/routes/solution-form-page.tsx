import { Alert, Button, Card, Result, Skeleton, Space } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { STATUS } from '@mathbridge/contracts/api';
import type { DemandDetail } from '@mathbridge/contracts/demands';
import type { Solution } from '@mathbridge/contracts/solutions';
import { ButtonLink } from '../../../components/button-link.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { useDemand } from '../api/demands.ts';
import { useSolution } from '../api/solutions.ts';
import { DemandFacts } from '../components/demand-facts.tsx';
import { ReceiveModal } from '../components/demand-modals.tsx';
import { SolutionForm } from '../components/solution-form.tsx';
import { SolutionView } from '../components/solution-view.tsx';
import { DemandStatusTag } from '../components/status-tag.tsx';
import '../components/demands.css';

const BASE = '/manage/demandManageRI';
const MARKET = `${BASE}/list`;

/** What the page shows for the institute's answer to one demand. */
type View =
  | { kind: 'write'; solution: Solution | null }
  | { kind: 'read'; solution: Solution }
  | { kind: 'blocked'; reason: 'receive' | 'nda' | 'closed' };

/**
 * The institute's answer as the demand's detail names it: its draft to continue, what it submitted
 * to read, a new one when it may start one, else why it cannot. `solution` is the own solution
 * loaded (undefined while it loads).
 */
function decide(detail: DemandDetail, solution: Solution | undefined): View | 'loading' {
  const { demand, receipt, can, own_solution: own } = detail;
  if (own?.status === 'draft' || own?.status === 'submitted' || own?.status === 'accepted') {
    if (!solution) return 'loading';
    return own.status === 'draft' ? { kind: 'write', solution } : { kind: 'read', solution };
  }
  if (can.solve) return { kind: 'write', solution: null };
  if (!receipt && can.receive) return { kind: 'blocked', reason: demand.nda_required ? 'nda' : 'receive' };
  if (receipt && demand.nda_required && !receipt.nda_accepted) return { kind: 'blocked', reason: 'nda' };
  return { kind: 'blocked', reason: 'closed' };
}

/**
 * /manage/demandManageRI/demandForm/:demand_id — the institute's solution to a demand it received:
 * a new one, or its draft (spec: the institute's demand section has the enterprise's shape, its form
 * being the answer). Saving lands on submitted/0, submitting on submitted/1.
 */
export default function SolutionFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { demand_id: param } = useParams();
  const id = param && /^\d+$/.test(param) ? Number(param) : undefined;
  const query = useDemand(id);
  const own = query.data?.own_solution;
  const ownId = own && own.status !== 'declined' && own.status !== 'withdrawn' ? own.id : undefined;
  const solution = useSolution(ownId);
  const [receiving, setReceiving] = useState(false);
  // Once the form shows it stays for this demand: saving changes the demand's own solution (a new
  // draft, a submitted one), and the form must stay mounted until it has navigated away.
  const [held, setHeld] = useState<{ demandId: number; view: View } | null>(null);

  const onDone = useCallback(
    ({ id: solutionId, commit }: { id: number; commit: 0 | 1 }) =>
      void navigate(`${BASE}/submitted/${commit}?demand=${id ?? ''}&id=${solutionId}`),
    [navigate, id],
  );

  if (id !== undefined && query.isPending) return <Skeleton active />;
  if (!query.data) {
    const missing =
      id === undefined ||
      (isApiError(query.error) && (query.error.status === STATUS.notFound || query.error.status === STATUS.forbidden));
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? t('demands.detail.notFound') : t('common.loadFailed')}
        subTitle={missing ? undefined : t('common.loadFailedHint')}
        extra={
          <Space wrap style={{ justifyContent: 'center' }}>
            {!missing && <Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
            <ButtonLink to={MARKET}>{t('demands.solutionForm.toMarket')}</ButtonLink>
          </Space>
        }
      />
    );
  }
  const detail = query.data;
  const demandId = detail.demand.id;
  if (ownId !== undefined && solution.isError) {
    return (
      <Result
        status="error"
        title={t('common.loadFailed')}
        subTitle={t('common.loadFailedHint')}
        extra={<Button onClick={() => void solution.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  const decided = decide(detail, solution.data);
  if (decided !== 'loading' && decided.kind === 'write' && held?.demandId !== demandId) {
    setHeld({ demandId, view: decided });
  }
  const view = held?.demandId === demandId ? held.view : decided;
  if (view === 'loading') return <Skeleton active />;

  const title =
    view.kind === 'read'
      ? t('demands.solutionForm.viewTitle')
      : view.kind === 'write' && view.solution
        ? t('demands.mySolutions.editTitle')
        : t('demands.mySolutions.createTitle');

  return (
    <>
      <header className="mb-page-header">
        <h1>{title}</h1>
        {view.kind === 'write' && <span className="mb-muted">{t('demands.solutionForm.subtitle')}</span>}
      </header>
      <Card
        variant="borderless"
        className="mb-solution-demand"
        style={{ marginBottom: 16 }}
        title={
          <>
            {t('demands.mySolutions.forDemand', { title: detail.demand.title })}{' '}
            <DemandStatusTag status={detail.demand.status} />
          </>
        }
        extra={<ButtonLink to={`${BASE}/detail/${demandId}`}>{t('demands.submitted.toDetail')}</ButtonLink>}
      >
        <DemandFacts detail={detail} compact />
      </Card>
      {view.kind === 'write' && (
        <Card variant="borderless">
          <SolutionForm key={view.solution?.id ?? 'new'} demandId={demandId} solution={view.solution} onDone={onDone} />
        </Card>
      )}
      {view.kind === 'read' && (
        <>
          <Alert
            type={view.solution.status === 'accepted' ? 'success' : 'info'}
            showIcon
            title={t(
              view.solution.status === 'accepted'
                ? 'demands.solutionForm.acceptedTitle'
                : 'demands.solutionForm.submittedTitle',
            )}
            description={
              <>
                <p style={{ margin: '0 0 8px' }}>
                  {t(
                    view.solution.status === 'accepted'
                      ? 'demands.solutionForm.acceptedText'
                      : 'demands.solutionForm.submittedText',
                  )}
                </p>
                <ButtonLink size="small" to={`/manage/solutions?id=${view.solution.id}`}>
                  {t('demands.detail.actions.viewSolution')}
                </ButtonLink>
              </>
            }
            style={{ marginBottom: 16 }}
          />
          <Card variant="borderless">
            <SolutionView solution={view.solution} />
          </Card>
        </>
      )}
      {view.kind === 'blocked' && (
        <Card variant="borderless">
          <Result
            status={view.reason === 'closed' ? 'warning' : 'info'}
            title={t(`demands.solutionForm.${view.reason === 'receive' ? 'notReceived' : view.reason}Title`)}
            subTitle={t(`demands.solutionForm.${view.reason === 'receive' ? 'notReceived' : view.reason}Text`)}
            extra={
              <Space wrap style={{ justifyContent: 'center' }}>
                {detail.can.receive && (
                  <Button type="primary" onClick={() => setReceiving(true)}>
                    {t('demands.detail.actions.receive')}
                  </Button>
                )}
                <ButtonLink to={MARKET}>{t('demands.solutionForm.toMarket')}</ButtonLink>
              </Space>
            }
          />
          <ReceiveModal demand={detail.demand} open={receiving} onClose={() => setReceiving(false)} />
        </Card>
      )}
    </>
  );
}
