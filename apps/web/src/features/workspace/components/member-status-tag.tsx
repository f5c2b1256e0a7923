import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MemberStatusName } from '@mathbridge/contracts/org';
import { ReviewStatusTag } from './status-tag.tsx';

/** A membership row's state: the claim's review state, or how the membership ended (left, removed). */
export function MemberStatusTag({ status }: { status: MemberStatusName }) {
  const { t } = useTranslation();
  if (status === 'left' || status === 'removed')
    return <Tag color="default">{t(`workspace.members.ended.${status}`)}</Tag>;
  return <ReviewStatusTag status={status} />;
}
