import { Alert, Button, Drawer, Result, Skeleton, Space } from 'antd';
import { Link } from 'react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Solution } from '@mathbridge/contracts/solutions';
import { notify } from '../../../lib/notify.ts';
import { useSolution, useSolutionAction } from '../api/solutions.ts';
import { SolutionForm } from './solution-form.tsx';
import { SolutionView } from './solution-view.tsx';

interface SolutionDrawerProps {
  /** The solution shown (`?id=`), or none. */
  id: number | undefined;
  onClose: () => void;
  onWithdraw: (solution: Solution) => void;
}

/** One of the institute's solutions: read it, and while it is a draft edit and submit it. */
export function SolutionDrawer({ id: idParam, onClose, onWithdraw: withdraw }: SolutionDrawerProps) {
  const { t } = useTranslation();
  const opened = useSolution(idParam);
  const action = useSolutionAction();
  const [editing, setEditing] = useState(false);
  const solution = opened.data ?? null;
  return (
    <Drawer
      open={idParam !== undefined}
      size="large"
      title={solution ? solution.demand.title : ''}
      onClose={() => {
        setEditing(false);
        onClose();
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
  );
}
