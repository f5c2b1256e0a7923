import { Card, Descriptions, Skeleton } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { DemandDetail } from '@mathbridge/contracts/demands';
import { useLocale } from '../../../i18n/locale.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useSolution } from '../api/solutions.ts';
import { SolutionView } from './solution-view.tsx';
import { SolutionSubjects } from './solution-subjects.tsx';

/**
 * The cooperation on a demand's page (issue 8): the two organisations, the dates and the accepted
 * solution with its attachments. Both parties and admins see it; the `cooperationStarted` to-do
 * opens the page at `#cooperation`.
 */
export function CooperationCard({ detail }: { detail: DemandDetail }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { hash } = useLocation();
  const cooperation = detail.cooperation;
  const solution = useSolution(cooperation?.solution_id);
  const ref = useRef<HTMLDivElement>(null);
  const ownOrg = useSession((s) => s.profile?.owned_org?.id);
  const loaded = solution.data !== undefined;
  useEffect(() => {
    if (hash === '#cooperation' && loaded) ref.current?.scrollIntoView({ block: 'start' });
  }, [hash, loaded]);
  if (!cooperation) return null;
  return (
    <div ref={ref} id="cooperation" data-testid="cooperation-card">
      <Card variant="borderless" title={t('demands.detail.cooperationCard.title')} style={{ marginBottom: 16 }}>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2 }}
          style={{ marginBottom: 16 }}
          items={[
            {
              key: 'enterprise',
              label: t('demands.detail.cooperationCard.enterprise'),
              children: detail.demand.org.name,
            },
            {
              key: 'institute',
              label: t('demands.detail.cooperationCard.institute'),
              children: cooperation.institute.name,
            },
            {
              key: 'published',
              label: t('demands.detail.cooperationCard.publishedAt'),
              children: formatDateTime(detail.demand.published_at, locale) || '—',
            },
            {
              key: 'started',
              label: t('demands.detail.cooperationCard.startedAt'),
              children: formatDateTime(cooperation.created_at, locale),
            },
          ]}
        />
        <h2 className="mb-section-title">{t('demands.detail.cooperationCard.solution')}</h2>
        {solution.data ? (
          <SolutionView solution={solution.data} />
        ) : (
          <Skeleton active paragraph={{ rows: 3 }} title={false} />
        )}
        <SolutionSubjects solutionId={cooperation.solution_id} institute={ownOrg === cooperation.institute.id} />
      </Card>
    </div>
  );
}
