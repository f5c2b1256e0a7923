import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { categoryName } from '../../../lib/category-name.ts';
import { formatBytes, formatDate } from '../../../lib/format.ts';
import { currentLocation, signInPath } from '../../../lib/navigation.ts';
import { notify } from '../../../lib/notify.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { useSession } from '../../../lib/session-store.ts';
import { usePublicQuery } from '../../../lib/use-public-query.ts';
import { copyNotebook, downloadDocument, getNotebookDetail, isNotPublic } from '../api/public.ts';
import { NotebookView } from '../components/notebook-view.tsx';
import '../components/achievement.css';

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
  const detail = usePublicQuery(`notebook:${id}`, (signal) => getNotebookDetail(id, signal, !signedIn));

  const notebook = detail.data;
  if (detail.isError && isNotPublic(detail.error)) return <NotPublic />;
  if (detail.isError || !notebook) {
    // A notebook refused to a signed-in reader is handled by the API client (304 → the 404 page).
    return detail.isError ? (
      <div className="mb-center" role="alert">
        <p>{t('common.loadFailed')}</p>
        <Button onClick={detail.refetch}>{t('common.retry')}</Button>
      </div>
    ) : (
      <PageLoader />
    );
  }

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
        <Button type="primary" loading={copying} onClick={() => void openCopy()} data-testid="achievement-copy">
          {t('notebooks.copy.openCopy')}
        </Button>
      ) : (
        <Link to={signInPath(currentLocation())} className="nb-call-link" data-testid="achievement-signin">
          {t('notebooks.copy.signInToRun')}
        </Link>
      )}
      <Button onClick={() => downloadDocument(notebook.content, notebook.title)}>{t('notebooks.editor.export')}</Button>
    </>
  );

  return (
    <article className="nb-page" data-testid="achievement-detail">
      <header className="mb-page-header">
        <h1>{notebook.title}</h1>
        <div className="nb-meta">
          <Link to={`/achievement/user/${notebook.owner.id}`}>{notebook.owner.name}</Link>
          {notebook.category && <span className="nb-chip">{categoryName(notebook.category, locale)}</span>}
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
        <div className="nb-meta" style={{ alignItems: 'flex-start', marginBottom: 12 }}>
          {notebook.cover_url && <img className="nb-cover" src={notebook.cover_url} alt="" />}
          {notebook.description && <p style={{ maxWidth: 640, margin: 0 }}>{notebook.description}</p>}
        </div>
      )}
      {notebook.attachments.length > 0 && (
        <section aria-label={t('notebooks.fields.attachments')} style={{ marginBottom: 12 }}>
          <h2 className="mb-section-title">{t('notebooks.fields.attachments')}</h2>
          <ul className="nb-attachments">
            {notebook.attachments.map((a) => (
              <li key={a.id}>
                <a href={a.url} rel="noopener">
                  {a.name}
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

/**
 * A visitor's answer for a notebook that is not public (a draft, a withdrawn one, one published to
 * members only, or none: the server does not say which). Said plainly, without sending the visitor
 * to sign in as if that would show it; signing in is offered to the few it helps.
 */
function NotPublic() {
  const { t } = useTranslation();
  const title = t('notebooks.achievement.notPublic.title');
  usePageMeta({ title, description: t('notebooks.achievement.notPublic.text') });
  return (
    <div className="nb-page" data-testid="achievement-not-public">
      <div className="mb-ach-state mb-ach-state-page">
        <h1 className="mb-ach-state-title">{title}</h1>
        <p>{t('notebooks.achievement.notPublic.text')}</p>
        <Link to="/achievement" className="mb-ach-button mb-ach-button-primary">
          {t('notebooks.achievement.notPublic.browse')}
        </Link>
        <p className="mb-ach-state-hint">
          {t('notebooks.achievement.notPublic.signInHint')}{' '}
          <Link to={signInPath(currentLocation())}>{t('notebooks.achievement.notPublic.signIn')}</Link>
        </p>
      </div>
    </div>
  );
}
