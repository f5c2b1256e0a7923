import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WishState } from '@mathbridge/contracts/wishes';

const COLORS: Record<WishState, string> = { open: 'success', closed: 'default' };

export function WishStatusTag({ status }: { status: WishState }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[status]}>{t(`wishStates.${status}`)}</Tag>;
}
