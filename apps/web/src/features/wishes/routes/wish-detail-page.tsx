import { Alert, Button, Card, Descriptions, Empty, Pagination, Result, Skeleton, Space } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '@mathbridge/contracts/constants';
import type { Wish, WishResponse } from '@mathbridge/contracts/wishes';
import { LoadError } from '../../../components/load-error.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { notify } from '../../../lib/notify.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { MarkdownView } from '../../../components/markdown/markdown-view.tsx';
import { useCloseWish, useWish, useWishResponses } from '../api/wishes.ts';
import { MscTags } from '../../../components/msc-tags.tsx';
import { WishStatusTag } from '../components/wish-status-tag.tsx';
import '../components/wishes.css';

// Only institutes that may respond need the form (and its validation code).
const RespondModal = lazy(() => import('../components/respond-modal.tsx').then((m) => ({ default: m.RespondModal })));

function ResponseItem({ response }: { response: WishResponse }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <div className="mb-wish-response" data-testid="wish-response">
      <div className="mb-wish-response-head">
        <strong>{response.institute.name}</strong>
        <span className="mb-muted">
          {t('wishes.detail.respondedAt', { date: formatDateTime(response.created_at, locale) })}
        </span>
      </div>
      <p className="mb-wish-text">{response.message}</p>
      <span className="mb-muted">
        {t('wishes.detail.contactLine', { contact: response.contact, phone: response.contact_phone })}
      </span>
    </div>
  );
}

/** The owner's view of the responses, oldest first, a page at a time. */
function ResponsesCard({ wish }: { wish: Wish }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const responses = useWishResponses(wish.id, page, true);
  let body;
  if (responses.isPending) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (responses.isError && !responses.data) body = <LoadError onRetry={() => void responses.refetch()} />;
  else if (responses.data.items.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wishes.detail.responsesEmpty')} />;
  else
    body = (
      <>
        {responses.data.items.map((response) => (
          <ResponseItem key={response.id} response={response} />
        ))}
        <Pagination
          style={{ marginTop: 12, justifyContent: 'flex-end' }}
          current={page}
          pageSize={DEFAULT_PAGE_SIZE}
          total={responses.data.total}
          hideOnSinglePage
          showSizeChanger={false}
          onChange={setPage}
        />
      </>
    );
  return (
    <Card variant="borderless" title={`${t('wishes.detail.responses')} (${wish.response_count})`}>
      {body}
    </Card>
  );
}

/**
 * detail/:id of willManageE (the owner: the wish, its responses, closing it) and willManageRI
 * (institutes: the wish, responding once, then their response). Buttons follow `can`, which the
 * server computes from actor, role and state.
 */
export default function WishDetailPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const base = pathname.startsWith('/manage/willManageRI') ? '/manage/willManageRI' : '/manage/willManageE';
  const { id: param } = useParams();
  const id = param && /^\d+$/.test(param) ? Number(param) : undefined;
  const query = useWish(id);
  const close = useCloseWish();
  const [responding, setResponding] = useState(false);

  if (id !== undefined && query.isPending) return <Skeleton active />;
  if (!query.data) {
    return (
      <Result
        status="404"
        title={t('wishes.detail.notFound')}
        extra={
          <Space>
            {query.isError && <Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
            <Button onClick={() => navigate(`${base}/list`)}>{t('wishes.detail.toList')}</Button>
          </Space>
        }
      />
    );
  }
  const wish = query.data;
  const owner = base === '/manage/willManageE';

  const confirmClose = () =>
    notify.confirm({
      title: t('wishes.detail.close'),
      content: t('wishes.detail.closeConfirm'),
      okText: t('wishes.detail.close'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await close.mutateAsync(wish.id);
        notify.success(t('wishes.detail.closed'));
      },
    });

  const buttons = [
    wish.can.respond && (
      <Button key="respond" type="primary" onClick={() => setResponding(true)}>
        {t('wishes.detail.respond')}
      </Button>
    ),
    wish.can.close && (
      <Button key="close" danger onClick={confirmClose}>
        {t('wishes.detail.close')}
      </Button>
    ),
    <Button key="list" onClick={() => navigate(`${base}/list`)}>
      {t('wishes.detail.toList')}
    </Button>,
  ].filter(Boolean);

  return (
    <>
      <header className="mb-page-header">
        <h1>
          {wish.title} <WishStatusTag status={wish.status} />
        </h1>
        <span className="mb-muted">{wish.org.name}</span>
      </header>
      {wish.status === 'closed' && (
        <Alert type="info" showIcon title={t('wishes.detail.closedNotice')} style={{ marginBottom: 16 }} />
      )}
      <Card
        variant="borderless"
        style={{ marginBottom: 16 }}
        title={t('wishes.detail.info')}
        extra={<Space wrap>{buttons}</Space>}
      >
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2, xl: 3 }}
          items={[
            { key: 'status', label: t('wishes.detail.status'), children: <WishStatusTag status={wish.status} /> },
            { key: 'org', label: t('wishes.detail.org'), children: wish.org.name },
            {
              key: 'partner',
              label: t('wishes.detail.partnerType'),
              children: t(`partnerTypes.${wish.partner_type}`),
            },
            { key: 'duration', label: t('wishes.detail.duration'), children: t(`wishDurations.${wish.duration}`) },
            { key: 'created', label: t('wishes.detail.created'), children: formatDateTime(wish.created_at, locale) },
            ...(wish.closed_at
              ? [
                  {
                    key: 'closed',
                    label: t('wishes.detail.closedAt'),
                    children: formatDateTime(wish.closed_at, locale),
                  },
                ]
              : []),
            ...(owner
              ? [{ key: 'responses', label: t('wishes.detail.responseCount'), children: wish.response_count }]
              : []),
            {
              key: 'contact',
              label: t('wishes.detail.contact'),
              children: wish.contact ? (
                `${wish.contact} ${wish.contact_phone ?? ''}`
              ) : (
                <span className="mb-muted">{t('wishes.detail.contactHidden')}</span>
              ),
            },
            {
              key: 'fields',
              label: t('wishes.detail.fields'),
              span: 'filled',
              children: <MscTags codes={wish.msc_fields} />,
            },
          ]}
        />
        <h2 className="mb-wish-section-title">{t('wishes.detail.description')}</h2>
        {/* Written in Markdown with formulas, as demands are: rendered and sanitized the same way. */}
        <MarkdownView source={wish.description} />
      </Card>
      {wish.my_response && (
        <Card
          variant="borderless"
          title={t('wishes.detail.myResponse')}
          style={{ marginBottom: 16 }}
          data-testid="my-response"
        >
          <ResponseItem response={wish.my_response} />
        </Card>
      )}
      {owner && <ResponsesCard wish={wish} />}
      {wish.can.respond && responding && (
        <Suspense fallback={null}>
          <RespondModal wish={wish} open onClose={() => setResponding(false)} />
        </Suspense>
      )}
    </>
  );
}
