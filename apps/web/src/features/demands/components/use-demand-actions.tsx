import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DemandDetail } from '@mathbridge/contracts/demands';
import { ButtonLink } from '../../../components/button-link.tsx';
import { notify } from '../../../lib/notify.ts';
import { followDownload } from '../../../lib/download.ts';
import { downloadDemand, useDemandAction, useReviewDemand, type DemandAction } from '../api/demands.ts';
import { DeleteDemandButton } from './delete-demand-button.tsx';
import { ReceiveModal, RejectModal } from './demand-modals.tsx';

const SOLUTION_FORM = '/manage/demandManageRI/demandForm';

/**
 * What the viewer may do with a demand: the buttons, and the dialogs they open. The buttons follow
 * `can`, which the server computes from actor, role and state, so only working actions show; each
 * asks first where it cannot be undone. `base` is the page's section (`/manage/demandManage[RI]`).
 */
export function useDemandActions(detail: DemandDetail, base: string): { buttons: ReactNode[]; dialogs: ReactNode } {
  const { t } = useTranslation();
  const { demand, can, own_solution: own } = detail;
  const action = useDemandAction();
  const review = useReviewDemand();
  const [rejecting, setRejecting] = useState(false);
  const [receiving, setReceiving] = useState(false);
  const [downloading, setDownloading] = useState(false);

  const confirm = (kind: DemandAction | 'pause' | 'resume', run: DemandAction) =>
    notify.confirm({
      title: t(`demands.detail.actions.${kind === 'toggle' ? 'pause' : kind}`),
      content: t(`demands.detail.confirm.${kind === 'toggle' ? 'pause' : kind}`),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: kind === 'close' },
      onOk: async () => {
        await action.mutateAsync({ id: demand.id, action: run });
        notify.success(t(`demands.detail.done.${run}`));
      },
    });

  const approve = () =>
    notify.confirm({
      title: t('demands.detail.actions.approve'),
      content: t('demands.detail.confirm.approve'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await review.mutateAsync({ id: demand.id, approve: 1, reason: undefined });
        notify.success(t('demands.detail.done.approve'));
      },
    });

  const downloadAll = async () => {
    setDownloading(true);
    try {
      followDownload((await downloadDemand(demand.id)).url);
    } finally {
      setDownloading(false);
    }
  };

  const buttons = [
    can.edit && (
      <Link key="edit" to={`${base}/demandForm/${demand.id}`}>
        <Button>{t('demands.detail.actions.edit')}</Button>
      </Link>
    ),
    can.submit && (
      <Button key="submit" type="primary" onClick={() => confirm('submit', 'submit')}>
        {t('demands.detail.actions.submit')}
      </Button>
    ),
    can.withdraw && (
      <Button key="withdraw" onClick={() => confirm('withdraw', 'withdraw')}>
        {t('demands.detail.actions.withdraw')}
      </Button>
    ),
    can.toggle && (
      <Button key="toggle" onClick={() => confirm(demand.status === 'paused' ? 'resume' : 'pause', 'toggle')}>
        {demand.status === 'paused' ? t('demands.detail.actions.resume') : t('demands.detail.actions.pause')}
      </Button>
    ),
    can.complete && (
      <Button key="complete" type="primary" onClick={() => confirm('complete', 'complete')}>
        {t('demands.detail.actions.complete')}
      </Button>
    ),
    can.close && (
      <Button key="close" danger onClick={() => confirm('close', 'close')}>
        {t('demands.detail.actions.close')}
      </Button>
    ),
    can.review && (
      <Button key="approve" type="primary" onClick={approve}>
        {t('demands.detail.actions.approve')}
      </Button>
    ),
    can.review && (
      <Button key="reject" danger onClick={() => setRejecting(true)}>
        {t('demands.detail.actions.reject')}
      </Button>
    ),
    can.receive && (
      <Button key="receive" type="primary" onClick={() => setReceiving(true)}>
        {t('demands.detail.actions.receive')}
      </Button>
    ),
    // The institute's own answer: write one, continue its draft, or read what it submitted.
    own?.status === 'draft' ? (
      <ButtonLink key="solve" type="primary" to={`${SOLUTION_FORM}/${demand.id}`}>
        {t('demands.detail.actions.continueDraft')}
      </ButtonLink>
    ) : can.solve ? (
      <ButtonLink key="solve" type="primary" to={`${SOLUTION_FORM}/${demand.id}`}>
        {t('demands.detail.actions.solve')}
      </ButtonLink>
    ) : null,
    (own?.status === 'submitted' || own?.status === 'accepted') && (
      <ButtonLink key="solution" to={`/manage/solutions?id=${own.id}`}>
        {t('demands.detail.actions.viewSolution')}
      </ButtonLink>
    ),
    can.delete && <DeleteDemandButton key="delete" demandId={demand.id} listPath={`${base}/list`} />,
    can.download && (
      <Button
        key="download"
        icon={<DownloadOutlined />}
        loading={downloading}
        onClick={() => void downloadAll().catch(() => undefined)}
      >
        {t('demands.detail.downloadAll')}
      </Button>
    ),
  ].filter(Boolean);

  const dialogs = (
    <>
      <RejectModal demandId={demand.id} open={rejecting} onClose={() => setRejecting(false)} />
      <ReceiveModal demand={demand} open={receiving} onClose={() => setReceiving(false)} />
    </>
  );
  return { buttons, dialogs };
}
