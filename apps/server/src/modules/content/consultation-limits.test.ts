import { describe, expect, it } from 'vitest';
import {
  CONSULTATIONS_PER_IP_HOUR,
  CONSULTATIONS_PER_PHONE_DAY,
  type ConsultationPage,
} from '@mathbridge/contracts/content';
import {
  call,
  describeApi,
  inParallel,
  newPhone,
  settledValues,
  testRedisUrl,
  useTestApp,
} from '../../test/harness.ts';
import { signInAdmin } from '../identity/identity.fixtures.ts';
import { get } from '../demands/demands.fixtures.ts';

/**
 * `index/addConsultation` limits (DESIGN §8): reserved before anything is written, so 50 parallel
 * requests never pass them, with the limits in the database (SQLite or PostgreSQL) and in Redis.
 */

const consultation = (phone: string, overrides: Record<string, unknown> = {}) => ({
  name: '李女士',
  phone,
  topic: 'cooperation',
  content: '想了解企业需求的发布流程',
  ...overrides,
});

let ipSeq = 0;
const newIp = () => {
  ipSeq += 1;
  return `10.${(process.pid >> 8) % 250}.${Math.floor(ipSeq / 250)}.${ipSeq % 250}`;
};

const redisUrl = testRedisUrl();
if (!redisUrl)
  console.warn('\n*** TEST_REDIS_URL is not set; the Redis variant of consultation-limits is SKIPPED ***\n');

const BACKENDS: { name: string; env: Record<string, string> | undefined }[] = [
  { name: 'limits in the database', env: {} },
  { name: 'limits in Redis', env: redisUrl ? { REDIS_URL: redisUrl } : undefined },
];

for (const backend of BACKENDS) {
  const suite = backend.env ? describeApi : describe.skip;

  suite(`consultation limits under parallel requests (${backend.name})`, () => {
    const t = useTestApp(backend.env);

    it(`50 parallel consultations from one address: exactly ${CONSULTATIONS_PER_IP_HOUR} are taken, the rest 429 in the caller's language`, async () => {
      const ip = newIp();
      const replies = settledValues(
        await inParallel(50, () =>
          call(t().app, 'POST', 'index/addConsultation', consultation(newPhone()), { ip, locale: 'en-US' }),
        ),
      );
      expect(replies.filter((r) => r.status === 200)).toHaveLength(CONSULTATIONS_PER_IP_HOUR);
      const refused = replies.filter((r) => r.status === 429);
      expect(refused).toHaveLength(50 - CONSULTATIONS_PER_IP_HOUR);
      expect(refused[0]?.message).toMatch(/^Too many consultations from here; try again in \d+ minutes$/);
      const stored = await t()
        .ctx.db.selectFrom('consultations')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('ip', '=', ip)
        .executeTakeFirstOrThrow();
      expect(Number(stored.n)).toBe(CONSULTATIONS_PER_IP_HOUR);
    });

    it(`50 parallel consultations for one phone from 50 addresses: exactly ${CONSULTATIONS_PER_PHONE_DAY} are taken`, async () => {
      const phone = newPhone();
      const replies = settledValues(
        await inParallel(50, () =>
          call(t().app, 'POST', 'index/addConsultation', consultation(phone), { ip: newIp(), locale: 'zh-CN' }),
        ),
      );
      expect(replies.filter((r) => r.status === 200)).toHaveLength(CONSULTATIONS_PER_PHONE_DAY);
      expect(replies.filter((r) => r.status === 429)).toHaveLength(50 - CONSULTATIONS_PER_PHONE_DAY);
      expect(replies.find((r) => r.status === 429)?.message).toMatch(/^提交咨询过于频繁，请\d+分钟后再试$/);
      const admin = await signInAdmin(t());
      const inbox = await get<ConsultationPage>(t().app, admin, 'content/consultation/list', { page_size: 100 });
      expect(inbox.result.items.filter((i) => i.phone === phone)).toHaveLength(CONSULTATIONS_PER_PHONE_DAY);
    });

    it('a refused consultation stores nothing and leaves no to-do', async () => {
      const ip = newIp();
      for (let i = 0; i < CONSULTATIONS_PER_IP_HOUR; i += 1)
        expect((await call(t().app, 'POST', 'index/addConsultation', consultation(newPhone()), { ip })).status).toBe(
          200,
        );
      const before = await t()
        .ctx.db.selectFrom('todos')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('kind', '=', 'consultationNew')
        .executeTakeFirstOrThrow();
      const refused = await call(t().app, 'POST', 'index/addConsultation', consultation(newPhone()), { ip });
      expect(refused.status).toBe(429);
      expect((refused.result as { retry_after_s: number }).retry_after_s).toBeGreaterThan(3000);
      const after = await t()
        .ctx.db.selectFrom('todos')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('kind', '=', 'consultationNew')
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });
  });
}
