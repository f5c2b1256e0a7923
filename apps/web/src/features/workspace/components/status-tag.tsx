import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CertStatusName } from '@mathbridge/contracts/identity';

const COLORS: Record<CertStatusName, string> = {
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
  withdrawn: 'default',
};

/** A request's review state (pending, approved, rejected, withdrawn). */
export function ReviewStatusTag({ status }: { status: CertStatusName }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[status]}>{t(`reviewStates.${status}`)}</Tag>;
}
