import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DemandDetail } from '@mathbridge/contracts/demands';
import { useLocale } from '../../../i18n/locale.ts';
import { formatDateTime } from '../../../lib/format.ts';

/** Above a demand: why it was rejected, the cooperation it led to, the viewer's receipt. */
export function DemandNotices({ detail }: { detail: DemandDetail }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { demand, full, can } = detail;
  return (
    <>
      {demand.status === 'rejected' && full?.reject_reason && (
        <Alert
          type="error"
          showIcon
          title={t('demands.detail.rejectReason')}
          description={`${full.reject_reason} ${can.edit ? t('demands.detail.rejectedHint') : ''}`}
          style={{ marginBottom: 16 }}
        />
      )}
      {detail.cooperation && (
        <Alert
          type="success"
          showIcon
          title={t('demands.detail.cooperation')}
          description={t('demands.detail.cooperationWith', {
            name: detail.cooperation.institute.name,
            date: formatDateTime(detail.cooperation.created_at, locale),
          })}
          style={{ marginBottom: 16 }}
        />
      )}
      {detail.receipt && (
        <Alert
          type="info"
          showIcon
          title={t('demands.detail.receive.received', { date: formatDateTime(detail.receipt.received_at, locale) })}
          description={detail.receipt.nda_accepted ? t('demands.detail.receive.ndaAccepted') : undefined}
          style={{ marginBottom: 16 }}
        />
      )}
    </>
  );
}
