import { expect, it } from 'vitest';
import { baseURL, describeE2E, newPage, useBrowser } from './browser.ts';
import { registerByApi, signInThroughUi } from './session.ts';

describeE2E('route guards and session statuses', () => {
  const browser = useBrowser();

  it('sends signed-out visitors of private pages to /signin, keeps the white list open, and unknown paths go to /404', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/');
    await page.waitForURL('**/start');
    await page.goto('/account/individual');
    await page.waitForURL(
      (url) => url.pathname === '/signin' && url.searchParams.get('redirect') === '/account/individual',
    );
    await page.goto('/manage/dashboard');
    await page.waitForURL((url) => url.pathname === '/signin');
    for (const open of [
      '/news',
      '/members',
      '/employ/detail/3',
      '/tryit',
      '/achievement',
      '/achievement/user/1',
      '/404',
    ]) {
      await page.goto(open);
      await page.waitForLoadState('networkidle');
      expect(new URL(page.url()).pathname).toBe(open);
    }
    // The achievement area is white-listed with any sub-path: one it does not have is its not-found
    // page, never the sign-in screen (issue 12).
    await page.goto('/achievement/some/thing');
    await page.waitForURL('**/404**');
    await page.goto('/no/such/page');
    await page.waitForURL('**/404');
    await context.close();
  });

  it('sends a signed-in user away from /signin, /center to /firstmeet, and an unverified user away from the workspace', async () => {
    const user = await registerByApi();
    const { context, page } = await newPage(browser());
    await signInThroughUi(page, user.phone, user.password);
    await page.goto('/signin');
    await page.waitForURL((url) => url.pathname !== '/signin');
    await page.goto('/center');
    await page.waitForURL('**/firstmeet');
    // The workspace button is disabled until verify_state is 1.
    await page.goto('/start');
    await expect.poll(() => page.locator('.mb-disabled-action').count()).toBeGreaterThan(0);
    await page.goto('/manage/dashboard');
    await page.waitForURL('**/404**');
    await context.close();
  });

  it('shows the /404 buttons the query flags ask for', async () => {
    const { context, page } = await newPage(browser());
    const buttons = async (query: string) => {
      await page.goto(`/404${query}`);
      await page.waitForLoadState('networkidle');
      return page.locator('.ant-result-extra a, .ant-result-extra button').allTextContents();
    };
    expect(await buttons('')).toEqual(['返回首页', '返回上一页']);
    expect(await buttons('?disableBack=1')).toEqual(['返回首页']);
    expect(await buttons('?enableWorkspace=1')).toEqual(['返回首页', '返回上一页', '进入工作台']);
    expect(await buttons('?disableBack=1&enableWorkspace=1')).toEqual(['返回首页', '进入工作台']);
    await context.close();
  });

  it('shows one "logged in elsewhere" dialog when another browser signs in (301), then goes to /signin', async () => {
    const user = await registerByApi();
    const first = await newPage(browser());
    await signInThroughUi(first.page, user.phone, user.password);
    const second = await newPage(browser());
    await signInThroughUi(second.page, user.phone, user.password);

    await first.page.goto('/account/individual');
    const dialog = first.page.locator('.ant-modal-confirm');
    await expect.poll(() => dialog.count()).toBe(1);
    expect(await first.page.locator('.ant-modal-confirm-title').textContent()).toBe('登录已失效');
    expect(await first.page.locator('.ant-modal-confirm-content').textContent()).toBe(
      '您可能已在别处登录，请刷新后重新登录',
    );
    expect(await first.page.locator('.ant-modal-confirm-btns button').allTextContents()).toEqual(['取 消', '重新登录']);
    expect((await first.context.cookies()).some((c) => c.name === 'mb_token')).toBe(false);
    await first.page.locator('.ant-modal-confirm-btns button.ant-btn-primary').click();
    await first.page.waitForURL('**/signin**');

    // The second browser's session is the live one.
    await second.page.goto('/account/individual');
    await second.page.waitForLoadState('networkidle');
    expect(new URL(second.page.url()).pathname).toBe('/account/individual');
    await first.context.close();
    await second.context.close();
  });

  it('ends a session that dies while in use (305): message, token cleared, /signin', async () => {
    const user = await registerByApi();
    const { context, page } = await newPage(browser());
    await signInThroughUi(page, user.phone, user.password);
    await page.goto('/account/individual');
    await page.waitForLoadState('networkidle');
    // The password is changed from elsewhere, which ends every session of the account.
    const token = (await context.cookies()).find((c) => c.name === 'mb_token')?.value ?? '';
    const changed = await fetch(`${baseURL()}/api/user/change_password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-MathBridge-Token': token },
      body: JSON.stringify({ old_password: user.password, password: 'changed-elsewhere', ignore_sign: 1 }),
    }).then((r) => r.json() as Promise<{ status: number }>);
    expect(changed.status).toBe(200);

    const message = page.getByText('您还未登录，请先登录').first().waitFor({ timeout: 15_000 });
    await page.click('a[href="/account/contact-information"]');
    await message;
    await page.waitForURL('**/signin?redirect=%2Faccount%2Fcontact-information');
    expect((await context.cookies()).some((c) => c.name === 'mb_token')).toBe(false);
    await context.close();
  });

  it('quietly drops a stale cookie at start-up and still guards private pages', async () => {
    const { context, page } = await newPage(browser());
    await context.addCookies([{ name: 'mb_token', value: 'bogus-token', url: baseURL() }]);
    await page.goto('/account/contact-information');
    await page.waitForURL('**/signin?redirect=%2Faccount%2Fcontact-information');
    expect((await context.cookies()).some((c) => c.name === 'mb_token')).toBe(false);
    await context.close();
  });

  it('keeps application state in session storage across a reload', async () => {
    const user = await registerByApi();
    const { context, page } = await newPage(browser());
    await signInThroughUi(page, user.phone, user.password);
    await page.goto('/account/individual');
    await page.waitForLoadState('networkidle');
    await page.reload();
    const stored = await page.evaluate(() =>
      Object.keys(sessionStorage)
        .map((k) => sessionStorage.getItem(k) ?? '')
        .join(''),
    );
    expect(stored).toContain(user.phone);
    await context.close();
  });
});
