import { Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Quota } from '@mathbridge/contracts/files';
import { useLocale } from '../../../i18n/locale.ts';
import { formatBytes } from '../../../lib/format.ts';

const HOLDER_KEY = {
  user: 'files.quota.holderUser',
  org: 'files.quota.holderOrg',
  platform: 'files.quota.holderPlatform',
} as const;

/** Storage used against the limit of whoever the space charges (the user or the organisation). */
export function QuotaBar({ quota }: { quota: Quota }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const percent = quota.quota_bytes > 0 ? Math.min(100, (quota.used_bytes / quota.quota_bytes) * 100) : 100;
  const usage = t('files.quota.usage', {
    used: formatBytes(quota.used_bytes, locale),
    quota: formatBytes(quota.quota_bytes, locale),
  });
  const full = percent >= 90;
  return (
    <div className="mb-quota" title={full ? t('files.quota.nearlyFull') : undefined}>
      <div className="mb-quota-text">
        <span>{t(HOLDER_KEY[quota.holder] ?? HOLDER_KEY.user)}</span>
        <span className="mb-muted">{usage}</span>
      </div>
      <Progress
        percent={percent}
        showInfo={false}
        size="small"
        status={full ? 'exception' : 'normal'}
        aria-label={`${t('files.quota.label')}: ${usage}`}
      />
    </div>
  );
}
