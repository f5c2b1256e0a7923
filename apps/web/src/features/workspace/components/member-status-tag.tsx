import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MemberStatusName } from '@mathbridge/contracts/org';

const COLORS: Record<MemberStatusName, string> = {
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
  withdrawn: 'default',
  left: 'default',
  removed: 'default',
};

/** A membership's state, in the membership words (已加入, not the review word 已通过), from contracts. */
export function MemberStatusTag({ status }: { status: MemberStatusName }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[status]}>{t(`memberStates.${status}`)}</Tag>;
}
