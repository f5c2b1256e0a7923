import { CaretRightOutlined, DownloadOutlined, LoginOutlined, PaperClipOutlined } from '@ant-design/icons';
import { Button, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { categoryName } from '../../../lib/category-name.ts';
import { formatBytes, formatDate } from '../../../lib/format.ts';
import { currentLocation, signInPath } from '../../../lib/navigation.ts';
import { notify } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session-store.ts';
import { usePublicQuery } from '../../../lib/use-public-query.ts';
import { copyNotebook, downloadDocument, getNotebookDetail } from '../api/notebooks.ts';
import { NotebookView } from '../components/notebook-view.tsx';
import '../i18n/strings.ts';

/**
 * `/achievement/{id}` (issue 12): a notebook read-only with its saved outputs — fast, no kernel —
 * its owner (→ their public page), category, dates, cover and attachments; the `.ipynb`; and for
 * signed-in readers "open a copy and run it" (a draft of their own, opened in the editor).
 * The achievement page routes here.
 */
export default function AchievementDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const signedIn = useSession((s) => s.hasToken);
  const [copying, setCopying] = useState(false);
  const detail = usePublicQuery(`notebook:${id}`, (signal) => getNotebookDetail(id, signal));

  if (detail.isError) return <LoadError onRetry={detail.refetch} />;
  const notebook = detail.data;
  if (!notebook) return <Spin aria-label={t('common.loading')} />;

  const openCopy = async () => {
    setCopying(true);
    try {
      const copy = await copyNotebook({ id: notebook.id });
      notify.success(t('notebooks.copy.saved'));
      void navigate(`/notebooks/${copy.id}`);
    } catch {
      // The API client showed why.
    } finally {
      setCopying(false);
    }
  };

  const toolbar = (
    <>
      {signedIn ? (
        <Button
          type="primary"
          icon={<CaretRightOutlined />}
          loading={copying}
          onClick={() => void openCopy()}
          data-testid="achievement-copy"
        >
          {t('notebooks.copy.openCopy')}
        </Button>
      ) : (
        <Link to={signInPath(currentLocation())} data-testid="achievement-signin">
          <Button type="primary" icon={<LoginOutlined />}>
            {t('notebooks.copy.signInToRun')}
          </Button>
        </Link>
      )}
      <Button icon={<DownloadOutlined />} onClick={() => downloadDocument(notebook.content, notebook.title)}>
        {t('notebooks.editor.export')}
      </Button>
    </>
  );

  return (
    <article className="nb-page" data-testid="achievement-detail">
      <header className="mb-page-header">
        <h1>{notebook.title}</h1>
        <div className="nb-meta">
          <Link to={`/achievement/user/${notebook.owner.id}`}>{notebook.owner.name}</Link>
          {notebook.category && <Tag>{categoryName(notebook.category, locale)}</Tag>}
          {notebook.published_at && (
            <span>
              {t('notebooks.fields.publishedAt')}: {formatDate(notebook.published_at, locale)}
            </span>
          )}
          <span>
            {t('notebooks.fields.updatedAt')}: {formatDate(notebook.updated_at, locale)}
          </span>
        </div>
      </header>
      {(notebook.cover_url || notebook.description) && (
        <Space align="start" wrap style={{ marginBottom: 12 }}>
          {notebook.cover_url && <img className="nb-cover" src={notebook.cover_url} alt="" />}
          {notebook.description && <p style={{ maxWidth: 640, margin: 0 }}>{notebook.description}</p>}
        </Space>
      )}
      {notebook.attachments.length > 0 && (
        <section aria-label={t('notebooks.fields.attachments')} style={{ marginBottom: 12 }}>
          <h2 className="mb-section-title">{t('notebooks.fields.attachments')}</h2>
          <ul className="nb-attachments">
            {notebook.attachments.map((a) => (
              <li key={a.id}>
                <a href={a.url} rel="noopener">
                  <PaperClipOutlined /> {a.name}
                </a>{' '}
                <span className="mb-muted">{formatBytes(a.size, locale)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <NotebookView document={notebook.content} toolbar={toolbar} />
    </article>
  );
}
