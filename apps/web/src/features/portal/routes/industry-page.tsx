import { ArrowRightOutlined } from '../../../components/inline-icon.tsx';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { INDUSTRIES } from '@mathbridge/contracts/industries';
import { ButtonLink } from '../../../components/button-link.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { useStatistics } from '../api/portal-api.ts';
import { LoadFailed } from '../components/load-state.tsx';
import { PortalHero } from '../components/portal-hero.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import '../components/start-page.css';
import '../components/portal.css';
import '../../../components/shimmer.css';

/**
 * /industry: the sectors of the national classification (contracts/industries.ts) with the number
 * of demands each has published (index/statistics → demands_by_industry), most first.
 */
export default function IndustryPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  usePageMeta({ description: t('portal.meta.industry') });
  const stats = useStatistics();
  const counts = useMemo(
    () => new Map((stats.data?.demands_by_industry ?? []).map((row) => [row.industry, row.count])),
    [stats.data],
  );
  const loaded = stats.data !== undefined;
  const sectors = useMemo(
    () =>
      INDUSTRIES.map((industry) => ({ ...industry, count: counts.get(industry.code) ?? 0 })).sort(
        (a, b) => b.count - a.count || a.code.localeCompare(b.code),
      ),
    [counts],
  );
  const max = Math.max(1, ...sectors.map((s) => s.count));
  const total = sectors.reduce((sum, s) => sum + s.count, 0);

  return (
    <div className="mb-start mb-portal">
      <PortalHero
        eyebrow={t('portal.industry.eyebrow')}
        title={t('portal.industry.title')}
        lead={t('portal.industry.lead')}
      />
      <section className="mb-section mb-section-tight" aria-labelledby="mb-industry-list-title">
        <div className="mb-container">
          <div className="mb-industry-toolbar">
            <h2 id="mb-industry-list-title" className="mb-portal-h2">
              {loaded ? t('portal.industry.total', { count: total }) : t('portal.industry.eyebrow')}
            </h2>
            {loaded && <span className="mb-muted">{t('portal.industry.sortedHint')}</span>}
          </div>
          {stats.isError && !loaded && <LoadFailed onRetry={stats.refetch} compact />}
          <ul className="mb-industry-grid" aria-busy={!loaded && !stats.isError}>
            {sectors.map((sector) => (
              <li key={sector.code} className="mb-industry" data-industry={sector.code}>
                <span className="mb-industry-code" aria-hidden>
                  {sector.code}
                </span>
                <div className="mb-industry-body">
                  <h3>{sector.name[locale]}</h3>
                  {loaded ? (
                    <>
                      <p className={sector.count > 0 ? 'mb-industry-count' : 'mb-industry-count mb-muted'}>
                        {sector.count > 0
                          ? t('portal.industry.demands', { count: sector.count })
                          : t('portal.industry.none')}
                      </p>
                      <span className="mb-industry-bar" aria-hidden>
                        <span style={{ width: `${(sector.count / max) * 100}%` }} />
                      </span>
                    </>
                  ) : (
                    !stats.isError && (
                      <span className="mb-shimmer mb-shimmer-line" style={{ width: '50%' }} aria-hidden />
                    )
                  )}
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="mb-cta-band" aria-labelledby="mb-industry-cta">
        <div className="mb-container mb-cta-inner">
          <h2 id="mb-industry-cta">{t('portal.industry.cta')}</h2>
          <div className="mb-cta-actions">
            <ButtonLink to="/enterprise" type="primary" size="large" icon={<ArrowRightOutlined />} iconPlacement="end">
              {t('portal.industry.ctaButton')}
            </ButtonLink>
          </div>
        </div>
      </section>
    </div>
  );
}
