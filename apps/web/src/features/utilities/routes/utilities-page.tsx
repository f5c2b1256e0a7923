import { CalculatorOutlined, ClusterOutlined, EnvironmentOutlined } from '../../../components/inline-icon.tsx';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import '../components/utilities.css';
import { usePageMeta } from '../../../lib/page-meta.ts';

const TOOLS = ['formula', 'msc', 'regions'] as const;
type Tool = (typeof TOOLS)[number];

// Each tool is its own chunk; the formula editor loads KaTeX only once it is on screen.
const FormulaEditor = lazy(() => import('../components/formula-editor.tsx'));
const MscBrowser = lazy(() => import('../components/msc-browser.tsx'));
const RegionLookup = lazy(() => import('../components/region-lookup.tsx'));

const ICONS: Record<Tool, ReactNode> = {
  formula: <CalculatorOutlined />,
  msc: <ClusterOutlined />,
  regions: <EnvironmentOutlined />,
};

function toolOf(pathname: string): Tool | null {
  const rest = pathname.replace(/^\/utilities\/?/, '').replace(/\/+$/, '');
  return (TOOLS as readonly string[]).includes(rest) ? (rest as Tool) : null;
}

/** /utilities/* (public): the formula editor (the default), the MSC 2020 browser and the region-code lookup. */
export default function UtilitiesPage() {
  const { t } = useTranslation();
  usePageMeta({ description: t('utilities.subtitle') });
  const tool = toolOf(useLocation().pathname);
  if (!tool) return <Navigate to="/utilities/formula" replace />;
  return (
    <div className="mb-page mb-page-surface">
      <div className="mb-container">
        <header className="mb-page-header">
          <h1>{t('utilities.title')}</h1>
          <p className="mb-muted">{t('utilities.subtitle')}</p>
        </header>
        <div className="mb-tools">
          <nav className="mb-tools-nav" aria-label={t('utilities.navLabel')}>
            {TOOLS.map((key) => (
              <Link
                key={key}
                to={`/utilities/${key}`}
                className={key === tool ? 'mb-tools-nav-item mb-tools-nav-item-current' : 'mb-tools-nav-item'}
                aria-current={key === tool ? 'page' : undefined}
              >
                {ICONS[key]}
                <span>{t(`utilities.tools.${key}`)}</span>
              </Link>
            ))}
          </nav>
          <section className="mb-tools-panel">
            <Suspense fallback={<PageLoader />}>
              {tool === 'formula' && <FormulaEditor />}
              {tool === 'msc' && <MscBrowser />}
              {tool === 'regions' && <RegionLookup />}
            </Suspense>
          </section>
        </div>
      </div>
    </div>
  );
}
