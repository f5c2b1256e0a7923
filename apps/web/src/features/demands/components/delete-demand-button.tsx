import { DeleteOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../../lib/notify.ts';
import { useDeleteDemand } from '../api/delete-demand.ts';

/** 'Delete' on the owner's draft: after a confirmation the draft and its files go, and the list opens. */
export function DeleteDemandButton({ demandId, listPath }: { demandId: number; listPath: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteDemand();
  const confirm = () =>
    notify.confirm({
      title: t('demands.detail.actions.delete'),
      content: t('demands.detail.confirm.delete'),
      okText: t('demands.detail.actions.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        await remove.mutateAsync(demandId);
        notify.success(t('demands.detail.done.delete'));
        await navigate(listPath, { replace: true });
      },
    });
  return (
    <Button danger icon={<DeleteOutlined />} onClick={confirm}>
      {t('demands.detail.actions.delete')}
    </Button>
  );
}
