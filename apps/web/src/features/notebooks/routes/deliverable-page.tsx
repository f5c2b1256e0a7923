import { CaretRightOutlined, CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Button, Space, Spin } from 'antd';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { usePublicQuery } from '../../../lib/use-public-query.ts';
import { copyNotebook, downloadDocument, getDeliverable } from '../api/public.ts';
import { NotebookView } from '../components/notebook-view.tsx';

const LiveNotebook = lazy(() => import('../components/live-notebook.tsx'));

/**
 * `/notebooks/deliverable/:id` (issue 12, DESIGN §9): a notebook frozen onto a solution or a
 * phase outcome, read by the parties of that cooperation. They read it with its outputs, run it
 * live (nothing saved), or save a copy to their own notebooks.
 */
export default function DeliverablePage() {
  const { id: param } = useParams();
  const id = Number(param);
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const [running, setRunning] = useState(false);
  const [copying, setCopying] = useState(false);
  const deliverable = usePublicQuery(`deliverable:${id}`, (signal) => getDeliverable(id, signal));

  if (deliverable.isError) return <LoadError onRetry={deliverable.refetch} />;
  const data = deliverable.data;
  if (!data) return <Spin aria-label={t('common.loading')} />;

  const saveCopy = async () => {
    setCopying(true);
    try {
      const copy = await copyNotebook({ deliverable_id: data.id });
      notify.success(t('notebooks.copy.saved'));
      void navigate(`/notebooks/${copy.id}`);
    } catch {
      // The API client showed why.
    } finally {
      setCopying(false);
    }
  };

  const actions = (
    <>
      {!running && (
        <Button
          type="primary"
          icon={<CaretRightOutlined />}
          onClick={() => setRunning(true)}
          data-testid="deliverable-run"
        >
          {t('notebooks.copy.runIt')}
        </Button>
      )}
      <Button icon={<CopyOutlined />} loading={copying} onClick={() => void saveCopy()}>
        {t('notebooks.copy.saveCopy')}
      </Button>
      <Button icon={<DownloadOutlined />} onClick={() => downloadDocument(data.content, data.title)}>
        {t('notebooks.editor.export')}
      </Button>
    </>
  );

  return (
    <div className="nb-page">
      <header className="mb-page-header">
        <h1>{data.title}</h1>
        <Space wrap className="mb-muted">
          <span>{t('notebooks.deliverable.from', { name: data.owner.name })}</span>
          <span>{t(`notebooks.deliverable.target.${data.target}`)}</span>
          <span>{formatDateTime(data.created_at, locale)}</span>
        </Space>
      </header>
      {running ? (
        <Suspense fallback={<NotebookView document={data.content} />}>
          <LiveNotebook initial={data.content} toolbarExtra={() => actions} />
        </Suspense>
      ) : (
        <NotebookView document={data.content} toolbar={actions} />
      )}
    </div>
  );
}
