import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Skeleton, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEMAND_STATES } from '@mathbridge/contracts/demands';
import { ItemList, ItemListMeta, ItemListRow } from '../../../components/item-list.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useDemands } from '../api/demands.ts';
import { DemandStatusTag } from '../components/status-tag.tsx';
import '../components/demands.css';

const BASE = '/manage/demandManage';

/** /manage/demands: the enterprise's demands at a glance — counts by status, recent changes, how it works. */
export default function DemandsOverviewPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const admin = useSession((s) => s.roles.includes('Admin'));
  const recent = useDemands({ page: 1, page_size: 5 });
  const counts = recent.data?.counts;
  const total = counts ? Object.values(counts).reduce((a, b) => a + b, 0) : 0;

  return (
    <>
      <header className="mb-page-header">
        <h1>{t('demands.overview.title')}</h1>
        <span className="mb-muted">{t('demands.overview.subtitle')}</span>
      </header>
      <Card
        variant="borderless"
        style={{ marginBottom: 16 }}
        extra={
          // Admins read every organisation's demands; they post none (as on the list page).
          admin ? undefined : (
            <Link to={`${BASE}/demandForm/new`}>
              <Button type="primary" icon={<PlusOutlined />}>
                {t('demands.overview.create')}
              </Button>
            </Link>
          )
        }
        title={t('demands.overview.all')}
      >
        {recent.isError && !recent.data ? (
          <LoadError onRetry={() => void recent.refetch()} />
        ) : !counts ? (
          <Skeleton active />
        ) : (
          <nav className="mb-demand-counts" aria-label={t('demands.overview.all')}>
            <Link className="mb-demand-count" to={`${BASE}/list`}>
              <span>{t('demands.list.all')}</span>
              <strong>{total}</strong>
            </Link>
            {DEMAND_STATES.map((state) => (
              <Link
                key={state}
                className="mb-demand-count"
                to={`${BASE}/list?status=${state}`}
                data-testid={`count-${state}`}
              >
                <span>{t(`demandStates.${state}`)}</span>
                <strong>{counts[state]}</strong>
              </Link>
            ))}
          </nav>
        )}
      </Card>
      <Card variant="borderless" title={t('demands.overview.recent')} style={{ marginBottom: 16 }}>
        {recent.isPending ? (
          <Skeleton active />
        ) : recent.isError ? (
          <LoadError onRetry={() => void recent.refetch()} />
        ) : recent.data.items.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('demands.overview.emptyRecent')} />
        ) : (
          <ItemList
            items={recent.data.items}
            itemKey={(item) => item.id}
            renderItem={(item) => (
              <ItemListRow extra={<span className="mb-muted">{formatDateTime(item.updated_at, locale)}</span>}>
                <ItemListMeta
                  title={<Link to={`${BASE}/detail/${item.id}`}>{item.title}</Link>}
                  description={<DemandStatusTag status={item.status} />}
                />
              </ItemListRow>
            )}
          />
        )}
      </Card>
      <Card variant="borderless" title={t('demands.overview.steps.title')}>
        <Steps
          direction="vertical"
          size="small"
          current={-1}
          items={(['write', 'review', 'answer', 'choose'] as const).map((step) => ({
            title: t(`demands.overview.steps.${step}`),
          }))}
        />
      </Card>
    </>
  );
}
