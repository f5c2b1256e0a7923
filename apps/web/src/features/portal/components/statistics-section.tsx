import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Statistics } from '@mathbridge/contracts/content';
import { formatDateTime } from '../../../lib/format.ts';
import { useStatistics } from '../api/portal-api.ts';
import { formatCount } from '../lib/locale-names.ts';
import { useLocale } from '../../../i18n/locale.ts';
import { useNearScreen } from '../lib/use-near-screen.ts';
import type { DoughnutSlice } from './doughnut-chart.tsx';
import { LoadFailed } from './load-state.tsx';
import '../../../components/shimmer.css';

// ECharts loads with this chunk, only once a doughnut comes near the screen (DESIGN §8).
const DoughnutChart = lazy(() => import('./doughnut-chart.tsx'));

type NumberKey = keyof Omit<Statistics, 'demands_by_industry' | 'updated_at'>;

const COLORS = ['#1f4fd1', '#13a8a8', '#7c5cff', '#f0a020'];
export const GROUPS: { key: 'participants' | 'work'; numbers: NumberKey[] }[] = [
  { key: 'participants', numbers: ['enterprises', 'institutes', 'specialists', 'students'] },
  { key: 'work', numbers: ['demands_published', 'cooperations', 'subjects', 'directions'] },
];

/** One doughnut with its legend: the numbers as text (the canvas itself is decorative). */
export function Doughnut({ title, numbers, stats }: { title: string; numbers: NumberKey[]; stats: Statistics }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const slices: DoughnutSlice[] = useMemo(
    () =>
      numbers.map((key, i) => ({ name: t(`portal.numbers.${key}`), value: stats[key], color: COLORS[i] ?? '#999' })),
    [numbers, stats, t],
  );
  const sum = slices.reduce((acc, s) => acc + s.value, 0);
  const { ref, near } = useNearScreen<HTMLElement>();
  return (
    <figure className="mb-doughnut" ref={ref}>
      <figcaption>{title}</figcaption>
      <div className="mb-doughnut-body">
        <div className="mb-doughnut-chart">
          {sum > 0 ? (
            near ? (
              <Suspense fallback={<span className="mb-doughnut-placeholder" aria-hidden />}>
                <DoughnutChart slices={slices} total={formatCount(sum, locale)} />
              </Suspense>
            ) : (
              <span className="mb-doughnut-placeholder" aria-hidden />
            )
          ) : (
            <span className="mb-doughnut-placeholder mb-doughnut-empty">{t('portal.stats.noData')}</span>
          )}
        </div>
        <ul className="mb-doughnut-legend">
          {slices.map((slice) => (
            <li key={slice.name}>
              <span className="mb-legend-swatch" style={{ background: slice.color }} aria-hidden />
              <span className="mb-legend-name">{slice.name}</span>
              <span className="mb-legend-value">{formatCount(slice.value, locale)}</span>
            </li>
          ))}
          <li className="mb-legend-total">
            <span className="mb-legend-name">{t('portal.stats.total')}</span>
            <span className="mb-legend-value">{formatCount(sum, locale)}</span>
          </li>
        </ul>
      </div>
    </figure>
  );
}

/** A row of labelled counters (the platform's or a role page's numbers). */
export function Counters({ items }: { items: { key: NumberKey; value: number }[] | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (!items) {
    return (
      <ul className="mb-counters" aria-busy="true" aria-label={t('portal.state.loading')}>
        {Array.from({ length: 4 }, (_, i) => (
          <li key={i} className="mb-counter" aria-hidden>
            <span className="mb-shimmer mb-counter-shimmer" />
            <span className="mb-shimmer mb-shimmer-line" style={{ width: '60%' }} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className="mb-counters">
      {items.map(({ key, value }) => (
        <li key={key} className="mb-counter" data-number={key}>
          <span className="mb-counter-value">{formatCount(value, locale)}</span>
          <span className="mb-counter-label">{t(`portal.numbers.${key}`)}</span>
        </li>
      ))}
    </ul>
  );
}

const COUNTERS: NumberKey[] = [
  'enterprises',
  'institutes',
  'specialists',
  'students',
  'demands_published',
  'cooperations',
  'subjects',
  'directions',
];

/** /start: the platform in numbers (index/statistics): counters and two doughnuts. */
export function StatisticsSection() {
  const { t } = useTranslation();
  const locale = useLocale();
  const stats = useStatistics();
  const data = stats.data;
  return (
    <section className="mb-section mb-stats" aria-labelledby="mb-stats-title">
      <div className="mb-container">
        <header className="mb-section-header">
          <h2 id="mb-stats-title">{t('portal.stats.title')}</h2>
          <p>{t('portal.stats.subtitle')}</p>
        </header>
        {stats.isError && !data ? (
          <LoadFailed onRetry={stats.refetch} />
        ) : (
          <>
            <Counters items={data ? COUNTERS.map((key) => ({ key, value: data[key] })) : null} />
            {data && (
              <>
                <div className="mb-doughnuts">
                  {GROUPS.map((group) => (
                    <Doughnut
                      key={group.key}
                      title={t(`portal.stats.${group.key}`)}
                      numbers={group.numbers}
                      stats={data}
                    />
                  ))}
                </div>
                <p className="mb-stats-updated mb-muted">
                  {t('portal.state.updated', { time: formatDateTime(data.updated_at, locale) })}
                </p>
              </>
            )}
          </>
        )}
      </div>
    </section>
  );
}
