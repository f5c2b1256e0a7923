import { describe, expect, it } from 'vitest';
import { MANAGE_SECTIONS, isWebRoute, routePath } from '../src/routes.ts';

/** The paths to-dos and notifications carry (DESIGN §19) are made from the route table, and checked against it. */
describe('web paths made from the route table', () => {
  it('fills parameters, then the query and the hash', () => {
    expect(routePath('/manage/demandManage/detail/:demand_id', { demand_id: 5 })).toBe('/manage/demandManage/detail/5');
    expect(routePath('/manage/subjectManageS/detail', {}, { id: 3, tab: 'phases' })).toBe(
      '/manage/subjectManageS/detail?id=3&tab=phases',
    );
    expect(routePath('/manage/demandManageRI/detail/:demand_id', { demand_id: 7 }, {}, 'cooperation')).toBe(
      '/manage/demandManageRI/detail/7#cooperation',
    );
    expect(routePath('/notebooks/:id', { id: 'a b' })).toBe('/notebooks/a%20b');
  });

  it('refuses a page the web app does not have, and a parameter left out', () => {
    expect(() => routePath('/manage/demandManage/detial/:demand_id', { demand_id: 5 })).toThrow(/not a route/);
    expect(() => routePath('/manage/nowhere')).toThrow(/not a route/);
    expect(() => routePath('/notebooks/:id')).toThrow(/no value for :id/);
  });

  it('knows every workspace child, the account pages and the linked pages beyond the tables', () => {
    for (const section of MANAGE_SECTIONS)
      for (const child of section.children)
        expect(isWebRoute(`/manage/${section.key}/${child.replace(/:\w+/g, '12')}`), child).toBe(true);
    for (const path of [
      '/manage/todoList?tab=reviews&review=4',
      '/account/institute-authentication',
      '/account/notifications',
      '/notebooks/9',
      '/manage/content/consultations',
      '/manage/subjectManageS/customSubjectDetail?id=3&tab=phases',
      '/manage/demandManage/detail/5#cooperation',
    ])
      expect(isWebRoute(path), path).toBe(true);
    for (const path of ['', 'manage/todoList', '/manage/demandManage/detail', '/manage/nowhere', '/notebooks'])
      expect(isWebRoute(path), path).toBe(false);
  });
});
