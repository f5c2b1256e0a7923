import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { KernelInfo } from '@mathbridge/contracts/notebooks';

/** Says plainly when code cannot run here (Jupyter not installed, starting, failed). */
export function KernelNotice({ info, failed }: { info: KernelInfo | undefined; failed?: boolean }) {
  const { t } = useTranslation();
  if (!failed && (!info || info.available)) return null;
  const reason = info?.reason ?? 'failed';
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="kernel-unavailable"
      message={t('notebooks.kernel.unavailable')}
      description={t(`notebooks.kernel.reason.${reason}`)}
    />
  );
}
