import { FileTextOutlined } from '../../../components/inline-icon.tsx';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { SitePage, SitePageSlug } from '@mathbridge/contracts/content';
import { ButtonLink } from '../../../components/button-link.tsx';
import { MarkdownView } from '../../../components/markdown/markdown-view.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { formatDate } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useSitePage } from '../api/site-page.ts';
import '../components/microsite.css';
import { usePageMeta } from '../../../lib/page-meta.ts';

/**
 * The contracts' SITE_PAGES, repeated as a type-checked literal: importing the value would bring
 * the whole content contract (zod and its schemas) into this light public page.
 */
const SITE_PAGES = ['home', 'team', 'research'] as const satisfies readonly SitePageSlug[];
const everyPage: Exclude<SitePageSlug, (typeof SITE_PAGES)[number]> extends never ? true : false = true;
void everyPage;

/** /xxribd and /xxribd/home show the home page; /xxribd/team and /xxribd/research theirs. */
function slugOf(pathname: string): SitePageSlug {
  const last = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  return (SITE_PAGES as readonly string[]).includes(last) ? (last as SitePageSlug) : 'home';
}

const pathOf = (slug: SitePageSlug) => `/xxribd/${slug}`;

function SiteNav({ current }: { current: SitePageSlug }) {
  const { t } = useTranslation();
  return (
    <nav className="mb-site-nav" aria-label={t('microsite.navLabel')}>
      {SITE_PAGES.map((slug) => (
        <Link
          key={slug}
          to={pathOf(slug)}
          className={slug === current ? 'mb-site-nav-item mb-site-nav-item-current' : 'mb-site-nav-item'}
          aria-current={slug === current ? 'page' : undefined}
        >
          {t(`microsite.pages.${slug}`)}
        </Link>
      ))}
    </nav>
  );
}

/** A page the admins have not written yet: say so kindly, point to the others (and, for admins, to the editor). */
function EmptyPage({ slug }: { slug: SitePageSlug }) {
  const { t } = useTranslation();
  const isAdmin = useSession((s) => s.roles.includes('Admin'));
  return (
    <div className="mb-site-empty" data-testid="site-empty">
      <FileTextOutlined className="mb-site-empty-icon" aria-hidden />
      <h1>{t('microsite.empty.title')}</h1>
      <p className="mb-muted">{t('microsite.empty.text', { page: t(`microsite.pages.${slug}`) })}</p>
      <div className="mb-site-empty-actions">
        <ButtonLink to="/start">{t('microsite.empty.backToPlatform')}</ButtonLink>
        {isAdmin && (
          <ButtonLink to="/manage/content/site" type="primary">
            {t('microsite.empty.edit')}
          </ButtonLink>
        )}
      </div>
    </div>
  );
}

function Article({ page }: { page: SitePage }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <article className="mb-site-article">
      <h1>{page.title}</h1>
      <MarkdownView source={page.body} />
      {page.updated_at && (
        <p className="mb-muted mb-site-updated">
          {t('microsite.updated', { date: formatDate(page.updated_at, locale) })}
        </p>
      )}
    </article>
  );
}

/** The error state, in plain markup like the rest of this public page. */
function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="mb-site-empty" role="alert">
      <h1>{t('microsite.loadFailed')}</h1>
      <p className="mb-muted">{t('common.loadFailedHint')}</p>
      <Button onClick={onRetry}>{t('common.retry')}</Button>
    </div>
  );
}

/**
 * /xxribd, /xxribd/home, /xxribd/team, /xxribd/research (public): the operating institute's own
 * pages. Light on purpose: the shell's antd parts only, and the Markdown renderer once there is text.
 */
export default function SitePageRoute() {
  const { t } = useTranslation();
  const slug = slugOf(useLocation().pathname);
  const { state, retry } = useSitePage(slug);
  usePageMeta({
    description: t('microsite.tagline'),
    title: state.status === 'ready' && state.page ? state.page.title : undefined,
  });
  let content;
  if (state.status === 'loading') content = <PageLoader />;
  else if (state.status === 'error') content = <LoadFailed onRetry={retry} />;
  else if (!state.page) content = <EmptyPage slug={slug} />;
  else content = <Article page={state.page} />;
  return (
    <div className="mb-site">
      <header className="mb-site-header">
        <div className="mb-container mb-site-header-inner">
          <div className="mb-site-brand">
            <Link to={pathOf('home')} className="mb-site-name">
              {t('microsite.siteName')}
            </Link>
            <span className="mb-site-tagline">{t('microsite.tagline')}</span>
          </div>
          <SiteNav current={slug} />
        </div>
      </header>
      <div className="mb-container mb-site-main">{content}</div>
    </div>
  );
}
