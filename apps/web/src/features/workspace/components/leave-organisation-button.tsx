import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.ts';
import { useLeaveOrganisation } from '../api/membership-end.ts';

/** 'Leave' beside an organisation the user belongs to, after a confirmation (org/leave). */
export function LeaveOrganisationButton({ org }: { org: { id: number; name: string } }) {
  const { t } = useTranslation();
  const leave = useLeaveOrganisation();
  const confirm = () =>
    notify.confirm({
      title: t('workspace.membership.leaveTitle', { org: org.name }),
      content: t('workspace.membership.leaveContent'),
      okText: t('workspace.membership.leave'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await leave.mutateAsync(org.id);
        } catch {
          return; // Reported by the API client (e.g. 409: no longer a member).
        }
        notify.success(t('workspace.membership.left'));
      },
    });
  return (
    <Button type="link" size="small" danger onClick={confirm}>
      {t('workspace.membership.leave')}
    </Button>
  );
}
