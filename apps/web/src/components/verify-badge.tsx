import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { verifyStateName, type VerifyStateName } from '@mathbridge/contracts/roles';

const COLORS: Record<VerifyStateName, string> = {
  unverified: 'default',
  pending: 'processing',
  verified: 'success',
  rejected: 'error',
};

/** The certification state badge (spec §4: badges follow verify_state). */
export function VerifyBadge({ state, className }: { state: number | null | undefined; className?: string }) {
  const { t } = useTranslation();
  const name = verifyStateName(state);
  return (
    <Tag color={COLORS[name]} className={className} style={{ marginInlineEnd: 0 }}>
      {t(`verifyStates.${name}`)}
    </Tag>
  );
}
