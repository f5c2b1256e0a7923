import { Button } from 'antd';
import { Suspense, lazy, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { notebookEndpoints } from '@mathbridge/contracts/endpoints/notebooks';
import type { NotebookDocument } from '@mathbridge/contracts/notebooks';
import { useLocale } from '../../../i18n/locale.ts';
import { api } from '../../../lib/api-client.ts';
import { signInPath } from '../../../lib/navigation.ts';
import { notify } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session-store.ts';
import { NotebookView } from '../components/notebook-view.tsx';
import { sampleNotebook, sampleTitle } from '../sample/least-squares.ts';

const LiveNotebook = lazy(() => import('../components/live-notebook.tsx'));

/**
 * `/tryit` (public, issue 12): a sample notebook — least squares with numpy and a matplotlib plot
 * — with the outputs it produced, so visitors see results at once; signed-in users run it live
 * (nothing saved) and may save a copy to their notebooks.
 */
export default function TryItPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const signedIn = useSession((s) => s.hasToken);
  const sample = useMemo(() => sampleNotebook(locale), [locale]);
  const [saving, setSaving] = useState(false);

  const saveCopy = async (document: NotebookDocument) => {
    setSaving(true);
    try {
      const created = await api.call(notebookEndpoints.save, {
        title: sampleTitle(locale),
        content: document,
      });
      notify.success(t('notebooks.tryit.saved'));
      void navigate(`/notebooks/${created.id}`);
    } catch {
      // The API client showed why.
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="nb-page" data-testid="tryit">
      <header className="mb-page-header">
        <h1>{t('notebooks.tryit.title')}</h1>
        <span className="mb-muted">{t('notebooks.tryit.subtitle')}</span>
      </header>
      {signedIn ? (
        <Suspense fallback={<NotebookView document={sample} />}>
          <LiveNotebook
            key={locale}
            initial={sample}
            toolbarExtra={(document) => (
              <Button loading={saving} onClick={() => void saveCopy(document)} data-testid="tryit-save-copy">
                {t('notebooks.tryit.saveCopy')}
              </Button>
            )}
          />
        </Suspense>
      ) : (
        <>
          {/* Plain markup: antd beyond the shell (Alert, icons) stays out of a visitor's first load. */}
          <section className="nb-call" aria-labelledby="tryit-call">
            <div>
              <h2 id="tryit-call">{t('notebooks.tryit.signInTitle')}</h2>
              <p>{t('notebooks.tryit.signInText')}</p>
            </div>
            <Link to={signInPath('/tryit')} className="nb-call-link" data-testid="tryit-signin">
              {t('notebooks.tryit.signIn')}
            </Link>
          </section>
          <NotebookView document={sample} />
        </>
      )}
    </div>
  );
}
