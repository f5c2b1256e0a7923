import { Alert, Button, Card, Result, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { DemandDetail } from '@mathbridge/contracts/demands';
import { useDemand } from '../api/demands.ts';
import { AttachmentList } from '../../../components/space-attachments.tsx';
import { CooperationCard } from '../components/cooperation-card.tsx';
import { DemandFacts } from '../components/demand-facts.tsx';
import { DemandNotices } from '../components/demand-notices.tsx';
import { MarkdownView } from '../../../components/markdown/markdown-view.tsx';
import { SolutionsPanel } from '../components/solutions-panel.tsx';
import { DemandStatusTag } from '../components/status-tag.tsx';
import { useDemandActions } from '../components/use-demand-actions.tsx';
import '../components/demands.css';

/**
 * detail/:demand_id of demandManage (the owner; admins review here) and demandManageRI
 * (institutes: the summary, then everything once received).
 */
export default function DemandDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const base = pathname.startsWith('/manage/demandManageRI') ? '/manage/demandManageRI' : '/manage/demandManage';
  const { demand_id: param } = useParams();
  const id = param && /^\d+$/.test(param) ? Number(param) : undefined;
  const query = useDemand(id);

  if (id !== undefined && query.isPending) return <Skeleton active />;
  if (!query.data) {
    return (
      <Result
        status="404"
        title={t('demands.detail.notFound')}
        extra={
          <Space>
            {query.isError && <Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
            <Button onClick={() => navigate(`${base}/list`)}>{t('demands.submitted.toList')}</Button>
          </Space>
        }
      />
    );
  }
  return <DemandView detail={query.data} base={base} />;
}

/** One demand: notices, facts and actions, the texts (once the viewer may read them), its solutions. */
function DemandView({ detail, base }: { detail: DemandDetail; base: string }) {
  const { t } = useTranslation();
  const { demand, full } = detail;
  const actions = useDemandActions(detail, base);
  const owner = full?.space_id != null;

  return (
    <>
      <header className="mb-page-header">
        <h1>
          {demand.title} <DemandStatusTag status={demand.status} />
        </h1>
        <span className="mb-muted">{demand.org.name}</span>
      </header>
      <DemandNotices detail={detail} />
      <Card
        variant="borderless"
        style={{ marginBottom: 16 }}
        title={t('demands.detail.title')}
        extra={actions.buttons.length > 0 ? <div className="mb-detail-actions">{actions.buttons}</div> : null}
      >
        <DemandFacts detail={detail} />
        <h2 className="mb-section-title">{t('demands.detail.summary')}</h2>
        <p style={{ whiteSpace: 'pre-wrap' }}>{demand.summary}</p>
        {full ? (
          <>
            <h2 className="mb-section-title">{t('demands.detail.problem')}</h2>
            <MarkdownView source={full.problem} />
            <h2 className="mb-section-title">{t('demands.detail.expectedOutcome')}</h2>
            <MarkdownView source={full.expected_outcome} />
            {full.available_data && (
              <>
                <h2 className="mb-section-title">{t('demands.detail.availableData')}</h2>
                <p style={{ whiteSpace: 'pre-wrap' }}>{full.available_data}</p>
              </>
            )}
            <h2 className="mb-section-title">{t('demands.detail.attachments')}</h2>
            <AttachmentList items={full.attachments} empty />
          </>
        ) : (
          <Alert type="info" showIcon title={t('demands.detail.hiddenUntilReceived')} />
        )}
      </Card>
      <CooperationCard detail={detail} />
      {owner && demand.status !== 'draft' && demand.status !== 'submitted' && demand.status !== 'rejected' && (
        <Card variant="borderless">
          <SolutionsPanel demandId={demand.id} />
        </Card>
      )}
      {actions.dialogs}
    </>
  );
}
