import { Alert, Button, Drawer, Result, Skeleton, Space } from 'antd';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Solution } from '@mathbridge/contracts/solutions';
import { ButtonLink } from '../../../components/button-link.tsx';
import { notify } from '../../../lib/notify.ts';
import { useMarkSolutionSeen, useSolution, useSolutionAction } from '../api/solutions.ts';
import { SolutionView } from './solution-view.tsx';

interface SolutionDrawerProps {
  /** The solution shown (`?id=`), or none. */
  id: number | undefined;
  onClose: () => void;
  onWithdraw: (solution: Solution) => void;
}

/**
 * One of the institute's solutions: read it; while it is a draft, submit it or edit it on the
 * solution form page (`/manage/demandManageRI/demandForm/{demand_id}`, the one place it is written).
 */
export function SolutionDrawer({ id: idParam, onClose, onWithdraw: withdraw }: SolutionDrawerProps) {
  const { t } = useTranslation();
  const opened = useSolution(idParam);
  const action = useSolutionAction();
  const solution = opened.data ?? null;
  // Opening a declined answer reads the decline: the server is told, once per solution shown.
  const { mutate: markSeen } = useMarkSolutionSeen();
  const acknowledge = solution?.can.acknowledge ? solution.id : null;
  useEffect(() => {
    if (acknowledge !== null) markSeen(acknowledge);
  }, [acknowledge, markSeen]);
  return (
    <Drawer
      open={idParam !== undefined}
      size="large"
      title={solution ? solution.demand.title : ''}
      onClose={onClose}
      extra={
        solution ? (
          <Space>
            {solution.can.edit && (
              <ButtonLink to={`/manage/demandManageRI/demandForm/${solution.demand.id}`}>
                {t('demands.mySolutions.edit')}
              </ButtonLink>
            )}
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
            {solution.status === 'accepted' && (
              <Link to={`/manage/demandManageRI/detail/${solution.demand.id}#cooperation`}>
                <Button type="primary">{t('demands.detail.cooperationCard.title')}</Button>
              </Link>
            )}
          </Space>
        ) : null
      }
    >
      {opened.isPending && idParam !== undefined ? (
        <Skeleton active />
      ) : !solution ? (
        <Result status="404" title={t('errors.notFound')} />
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
  );
}
