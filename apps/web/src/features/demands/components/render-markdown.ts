import DOMPurify from 'dompurify';
import katex from 'katex';
import { Marked } from 'marked';
import 'katex/dist/katex.min.css';

/**
 * Markdown with formulas (DESIGN §7): `$…$` inline and `$$…$$` display math rendered by KaTeX,
 * everything sanitized by DOMPurify. Loaded on demand by MarkdownView, so marked, KaTeX (and its
 * CSS) and DOMPurify stay inside the workspace chunks that show user text.
 */

const marked = new Marked({ gfm: true, breaks: true, async: false });

/**
 * Images users write as `![](url)` have no text alternative (WCAG 1.1.1); until the author gives
 * one, the file's name stands in for it, which says at least what the picture is called.
 */
const IMAGE_WORD: Record<string, string> = { 'zh-CN': '图片', 'zh-HK': '圖片', 'en-US': 'image' };

export function imageAltFallback(src: string, lang = 'zh-CN'): string {
  const word = IMAGE_WORD[lang] ?? 'image';
  if (src.startsWith('data:')) return word;
  const path = src.split(/[?#]/)[0] ?? '';
  const name = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(name) || word;
  } catch {
    return name || word;
  }
}

DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName === 'IMG' && !node.getAttribute('alt')?.trim())
    node.setAttribute('alt', imageAltFallback(node.getAttribute('src') ?? '', document.documentElement.lang));
});

// Code first, so a `$` inside code stays literal; then display math, then inline math.
const TOKENS = /(```[\s\S]*?```|`[^`\n]+`)|\$\$([\s\S]+?)\$\$|(?<![\\$])\$([^$\n]+?)\$(?!\d)/g;

function renderMath(tex: string, displayMode: boolean): string {
  // throwOnError false: a typo shows the source in red instead of breaking the whole preview.
  return katex.renderToString(tex, {
    displayMode,
    throwOnError: false,
    trust: false,
    strict: 'ignore',
    output: 'htmlAndMathml',
  });
}

export function renderMarkdown(source: string): string {
  const formulas: string[] = [];
  const withPlaceholders = source.replace(
    TOKENS,
    (match, code: string | undefined, display: string | undefined, inline: string | undefined) => {
      if (code !== undefined) return match;
      formulas.push(renderMath(display ?? inline ?? '', display !== undefined));
      // Letters and digits only: Markdown leaves them alone wherever they stand.
      return `MBMATH${formulas.length - 1}MBEND`;
    },
  );
  const html = marked.parse(withPlaceholders) as string;
  const merged = html.replace(/MBMATH(\d+)MBEND/g, (_, index: string) => formulas[Number(index)] ?? '');
  return DOMPurify.sanitize(merged, { USE_PROFILES: { html: true, mathMl: true, svg: true }, ADD_ATTR: ['target'] });
}
