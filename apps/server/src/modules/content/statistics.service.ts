import type { Statistics, SubStatic, SubStaticRole } from '@mathbridge/contracts/content';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { ShortCache } from '../../db/short-cache.ts';
import { nowIso } from '../../lib/time.ts';
import { cooperationCounts, publicDemandsByIndustry } from '../demands/public-counts.service.ts';
import { certifiedCounts } from '../identity/public-counts.service.ts';
import { openJobCount } from '../jobs/public-counts.service.ts';
import { publicProjectCounts } from '../research/public-counts.service.ts';

/**
 * The platform's numbers (issue 11, DESIGN §11): `index/statistics` and the counters of the role
 * pages. Their owners' modules compute them; this file only puts them together.
 */

/**
 * Kept a minute (DESIGN §11), and dropped by any write to the tables behind the numbers (their
 * owners' modules compute them; this list only names what invalidates the cache).
 */
const STATISTICS_TABLES = [
  'organisations',
  // A person's verify_state changes with their certification's review, in the same transaction.
  'certifications',
  'demands',
  'cooperation_counts',
  'research_projects',
  'jobs',
];
const statisticsCache = new ShortCache<'all', Statistics>(STATISTICS_TABLES, () => true, 60_000);

async function computeStatistics(db: Db): Promise<Statistics> {
  const [people, cooperation, projects, jobsOpen, byIndustry] = await Promise.all([
    certifiedCounts(db),
    cooperationCounts(db),
    publicProjectCounts(db),
    openJobCount(db),
    publicDemandsByIndustry(db),
  ]);
  return {
    ...people,
    ...cooperation,
    ...projects,
    jobs_open: jobsOpen,
    demands_by_industry: byIndustry,
    updated_at: nowIso(),
  };
}

/** GET index/statistics (public). */
export const statistics = (ctx: AppContext): Promise<Statistics> =>
  statisticsCache.get(ctx.db, 'all', () => computeStatistics(ctx.db));

type CounterKey = SubStatic['numbers'][number]['key'];
const SUB_STATIC_KEYS: Record<SubStaticRole, CounterKey[]> = {
  enterprise: ['institutes', 'specialists', 'demands_published', 'cooperations'],
  researchinstitute: ['enterprises', 'demands_published', 'cooperations', 'subjects'],
  specialist: ['subjects', 'directions', 'students', 'jobs_open'],
  student: ['directions', 'specialists', 'students', 'jobs_open'],
};

/** GET index/getSubStatic: the counters of one role page, from the statistics. */
export async function subStatic(ctx: AppContext, role: SubStaticRole): Promise<SubStatic> {
  const stats = await statistics(ctx);
  return { role, numbers: SUB_STATIC_KEYS[role].map((key) => ({ key, value: stats[key] })) };
}
