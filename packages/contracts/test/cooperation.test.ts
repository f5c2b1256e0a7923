import { describe, expect, it } from 'vitest';
import { DemandReviewSchema, DemandSaveSchema, PublishedListQuerySchema, businessToday } from '../src/demands.ts';
import { DeclineSolutionSchema, SolutionSaveSchema } from '../src/solutions.ts';
import { WishCreateSchema } from '../src/wishes.ts';
import { fieldErrors } from '../src/validation.ts';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const demand = (overrides: Record<string, unknown> = {}) => ({
  title: '排产优化',
  industry: 'C',
  summary: '摘要',
  problem: '问题',
  expected_outcome: '成果',
  budget_min: 100,
  budget_max: 200,
  deadline: inDays(30),
  province_code: '3300',
  city_code: '3301',
  msc_fields: ['90'],
  contact: '王',
  contact_phone: '13900001111',
  ...overrides,
});
const fieldsOf = (result: { success: boolean; error?: unknown }) =>
  result.success ? [] : fieldErrors(result.error as never, 'en-US').map((e) => `${e.field}:${e.code}`);

describe('demand contracts', () => {
  it('accepts a complete demand and defaults commit, nda and attachments', () => {
    const parsed = DemandSaveSchema.parse(demand());
    expect(parsed).toMatchObject({ commit: 0, nda_required: 0, attachments: [] });
  });

  it('counts the title with the word-limit helper: 10 CJK characters, 20 Latin', () => {
    expect(DemandSaveSchema.safeParse(demand({ title: '一二三四五六七八九十' })).success).toBe(true);
    // The title rule has its own code and message, which say the rule as the hint does (issue 30 §11).
    expect(fieldsOf(DemandSaveSchema.safeParse(demand({ title: '一二三四五六七八九十一' })))).toEqual([
      'title:titleLength',
    ]);
    expect(DemandSaveSchema.safeParse(demand({ title: 'a'.repeat(20) })).success).toBe(true);
  });

  it('wants whole-number budgets with min ≤ max, a future deadline and 1–5 MSC codes', () => {
    expect(fieldsOf(DemandSaveSchema.safeParse(demand({ budget_min: 1.5 })))).toEqual(['budget_min:integer']);
    expect(fieldsOf(DemandSaveSchema.safeParse(demand({ budget_min: 300 })))).toEqual(['budget_max:budgetRange']);
    expect(fieldsOf(DemandSaveSchema.safeParse(demand({ deadline: businessToday() })))).toEqual([
      'deadline:futureDate',
    ]);
    expect(fieldsOf(DemandSaveSchema.safeParse(demand({ msc_fields: ['90', '91', '92', '93', '94', '35'] })))).toEqual([
      'msc_fields:maxItems',
    ]);
    expect(fieldsOf(DemandSaveSchema.safeParse(demand({ msc_fields: ['99'] })))).toEqual([
      'msc_fields.0:researchField',
    ]);
  });

  it('requires a reason to reject', () => {
    expect(DemandReviewSchema.safeParse({ id: 1, approve: 1 }).success).toBe(true);
    expect(fieldsOf(DemandReviewSchema.safeParse({ id: 1, approve: 0 }))).toEqual(['reason:required']);
  });

  it('reads the published-list filters from GET text', () => {
    expect(PublishedListQuerySchema.parse({ budget_min: '1000', page_size: '10' })).toMatchObject({
      budget_min: 1000,
      page_size: 10,
      sort: 'newest',
    });
    expect(PublishedListQuerySchema.safeParse({ msc: 'x' }).success).toBe(false);
  });
});

describe('solution and wish contracts', () => {
  it('declines with a listed reason; other needs text', () => {
    expect(DeclineSolutionSchema.safeParse({ id: 1, reason: 'budget' }).success).toBe(true);
    expect(fieldsOf(DeclineSolutionSchema.safeParse({ id: 1, reason: 'other' }))).toEqual(['reason_text:required']);
    expect(DeclineSolutionSchema.safeParse({ id: 1, reason: 'demandClosed' }).success).toBe(false);
  });

  it('wants an integer cost estimate', () => {
    const base = { demand_id: 1, approach: 'a', team: 't', timeline: 'l', cost_estimate: 10 };
    expect(SolutionSaveSchema.safeParse(base).success).toBe(true);
    expect(fieldsOf(SolutionSaveSchema.safeParse({ ...base, cost_estimate: 'ten' }))).toEqual([
      'cost_estimate:integer',
    ]);
  });

  it('checks partner type and duration against their lists', () => {
    const wish = {
      title: '合作',
      msc_fields: ['90'],
      description: 'd',
      partner_type: 'any',
      duration: 'longTerm',
      contact: '王',
      contact_phone: '13900001111',
    };
    expect(WishCreateSchema.safeParse(wish).success).toBe(true);
    expect(fieldsOf(WishCreateSchema.safeParse({ ...wish, partner_type: 'x', duration: 'y' }))).toEqual([
      'partner_type:choose',
      'duration:choose',
    ]);
  });
});
