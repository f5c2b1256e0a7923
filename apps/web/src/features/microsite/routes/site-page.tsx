import { FileTextOutlined } from '@ant-design/icons';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { SITE_PAGES, type SitePage, type SitePageSlug } from '@mathbridge/contracts/content';
import { ButtonLink } from '../../../components/button-link.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { MarkdownView } from '../../../components/markdown/markdown-view.tsx';
import { QueryProvider } from '../../../components/query-provider.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { formatDate } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useSitePage } from '../api/site-page.ts';
import '../components/microsite.css';
import '../i18n/strings.ts';

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

function SitePageBody() {
  const { t } = useTranslation();
  const slug = slugOf(useLocation().pathname);
  const page = useSitePage(slug);
  let content;
  if (page.isPending) content = <Skeleton active title paragraph={{ rows: 6 }} />;
  else if (page.isError)
    content = <LoadError message={t('microsite.loadFailed')} onRetry={() => void page.refetch()} />;
  else if (!page.data || !page.data.body.trim()) content = <EmptyPage slug={slug} />;
  else content = <Article page={page.data} />;
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

/** /xxribd, /xxribd/home, /xxribd/team, /xxribd/research (public): the operating institute's own pages. */
export default function SitePageRoute() {
  return (
    <QueryProvider>
      <SitePageBody />
    </QueryProvider>
  );
}
