import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify';
import { Marked } from 'marked';
import { ATTACHMENT, resolveAttachments } from './cell-attachments.ts';
import { MATH_TOKENS, mathToken, type MathToken } from './math-tokens.ts';

/** Renders one formula (render-math.ts, loaded only for text that has formulas). */
export type MathRenderer = (tex: string, displayMode: boolean) => DocumentFragment;

/**
 * Markdown with formulas from users (DESIGN §7, issue 9 point 8): formulas (`$…$`, `\(…\)` inline;
 * `$$…$$`, `\[…\]` display: math-tokens.ts) rendered by KaTeX, everything else by marked, and both
 * sanitized to allow-lists. Loaded on demand by MarkdownView, so marked and DOMPurify stay out of
 * the first load; KaTeX (and its CSS) is a module of its own (render-math.ts), loaded only for
 * text that has formulas.
 *
 * Two passes, never mixed:
 * 1. The user's Markdown (and any HTML written in it) keeps only the tags Markdown produces, with
 *    no `class`, `style`, `id`, form, frame, SVG or MathML: nothing in it can look like the app
 *    (`ant-modal-*`), take input, or place itself on the page. Links go only to http, https and
 *    mailto, open in a new tab with rel="noopener noreferrer nofollow"; images only from http(s),
 *    or a notebook cell's own attachment (`attachment:NAME`), which becomes a data: URL of an
 *    image type after sanitizing, in <img src> only (resolveAttachments).
 * 2. Each formula is rendered by KaTeX (`trust: false`: no \href, \htmlClass, \htmlStyle, images;
 *    sizes capped by `maxSize`) and sanitized on its own with KaTeX's tags (HTML spans, MathML,
 *    SVG paths), KaTeX's classes and only the CSS properties KaTeX writes for sizing and colour
 *    (`position` only `relative`). KaTeX's HTML output needs those inline styles; MathML-only
 *    output would need none, but browsers without MathML Core (Chromium before 109, which some
 *    in-app and domestic browsers still ship) would show bare text, so the HTML output stays and
 *    its styles are filtered instead. Formulas go into the sanitized tree as nodes, in text only:
 *    a `$…$` inside an attribute stays its source text. `.mb-markdown` clips its content
 *    (`contain: paint`), so even a negative kern cannot draw outside the text's own box.
 */

const marked = new Marked({
  gfm: true,
  // Per call (MarkdownOptions.breaks); text typed into the app's forms breaks where its author did.
  breaks: true,
  async: false,
  // Task lists show their state as text: no <input> in user content.
  renderer: { checkbox: ({ checked }) => (checked ? '☑ ' : '☐ ') },
});

// Letters and digits only: Markdown leaves them alone wherever they stand.
const PLACEHOLDER = /MBMATH(\d+)MBEND/g;

/* ---- pass 1: the user's Markdown ---- */

const USER_TAGS = [
  ...['p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code', 'span'],
  ...['strong', 'b', 'em', 'i', 'del', 's', 'sup', 'sub', 'kbd', 'ul', 'ol', 'li', 'a', 'img'],
  ...['table', 'thead', 'tbody', 'tr', 'th', 'td'],
];
const USER_CONFIG: Config & { RETURN_DOM_FRAGMENT: true } = {
  ALLOWED_TAGS: USER_TAGS,
  ALLOWED_ATTR: ['href', 'title', 'alt', 'src', 'align', 'start'],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
  // DOMPurify holds every attribute not known as URI-safe to the URI pattern above: without this a
  // table column's `align="right"` and a list's `start="3"` were dropped.
  ADD_URI_SAFE_ATTR: ['align', 'start'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  RETURN_DOM_FRAGMENT: true,
};

/**
 * Images users write as `![](url)` have no text alternative (WCAG 1.1.1); until the author gives
 * one, the file's name stands in for it, which says at least what the picture is called.
 */
const IMAGE_WORD: Record<string, string> = { 'zh-CN': '图片', 'zh-HK': '圖片', 'en-US': 'image' };

export function imageAltFallback(src: string, lang = 'zh-CN'): string {
  const word = IMAGE_WORD[lang] ?? 'image';
  if (src.startsWith('data:')) return word;
  const path = (src.startsWith(ATTACHMENT) ? src.slice(ATTACHMENT.length) : src).split(/[?#]/)[0] ?? '';
  const name = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(name) || word;
  } catch {
    return name || word;
  }
}

let userPurifier: Purifier | undefined;
function purifyUser(html: string): DocumentFragment {
  if (!userPurifier) {
    userPurifier = DOMPurify(window);
    // An image's `attachment:` URL stays as it is, to be resolved (or dropped) by resolveAttachments.
    userPurifier.addHook('uponSanitizeAttribute', (node, data) => {
      if (node.tagName === 'IMG' && data.attrName === 'src' && data.attrValue.startsWith(ATTACHMENT))
        data.forceKeepAttr = true;
    });
    userPurifier.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.hasAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer nofollow');
      }
      // DOMPurify lets data: URIs into <img src>; user images come from http(s) only (or are attachments).
      if (node.tagName === 'IMG' && !/^(?:https?:|attachment:)/i.test(node.getAttribute('src') ?? ''))
        node.removeAttribute('src');
      if (node.tagName === 'IMG' && !node.getAttribute('alt')?.trim())
        node.setAttribute('alt', imageAltFallback(node.getAttribute('src') ?? '', document.documentElement.lang));
    });
  }
  return userPurifier.sanitize(html, USER_CONFIG);
}

/* ---- together ---- */

interface Formula extends MathToken {
  source: string;
}

/** Puts each formula in place of its placeholder: rendered in text, its source in attributes. */
function placeFormulas(root: DocumentFragment, formulas: Formula[], renderMath?: MathRenderer): void {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node instanceof Text) {
      if (node.data.includes('MBMATH')) texts.push(node);
    } else if (node instanceof Element) {
      for (const attribute of [...node.attributes]) {
        if (attribute.value.includes('MBMATH'))
          attribute.value = attribute.value.replace(PLACEHOLDER, (_, i: string) => formulas[Number(i)]?.source ?? '');
      }
    }
  }
  for (const text of texts) {
    const parts = text.data.split(PLACEHOLDER);
    // split with one capture group: text, index, text, index, …, text.
    const nodes = parts.map((part, i) => {
      if (i % 2 === 0) return document.createTextNode(part);
      const formula = formulas[Number(part)];
      if (!formula) return document.createTextNode('');
      return renderMath ? renderMath(formula.tex, formula.display) : document.createTextNode(formula.source);
    });
    text.replaceWith(...nodes);
  }
}

export interface MarkdownOptions {
  /**
   * Whether a single newline breaks the line (default true: text typed into the app's forms keeps
   * its lines). Notebooks say false: Jupyter renders CommonMark/GFM, where a newline is a space.
   */
  breaks?: boolean;
  /** A notebook cell's `attachments` (file name → MIME bundle), shown by its `attachment:NAME` images. */
  attachments?: Readonly<Record<string, unknown>>;
}

/**
 * Renders a user's Markdown with formulas into sanitized nodes for MarkdownView. Without a math
 * renderer, formulas stay their source text (MarkdownView passes one whenever hasMath says so).
 */
export function renderMarkdown(
  source: string,
  renderMath?: MathRenderer,
  { breaks = true, attachments }: MarkdownOptions = {},
): DocumentFragment {
  const formulas: Formula[] = [];
  const withPlaceholders = source.replace(MATH_TOKENS, (match: string, ...rest: unknown[]) => {
    // replace() passes the named groups last.
    const formula = mathToken(match, rest.at(-1) as Record<string, string | undefined>);
    if (!formula) return match;
    formulas.push({ source: match, ...formula });
    return `MBMATH${formulas.length - 1}MBEND`;
  });
  const fragment = purifyUser(marked.parse(withPlaceholders, { breaks }) as string);
  // A link whose target was refused (javascript:, relative…) must not look like a link: keep its text.
  for (const link of Array.from(fragment.querySelectorAll('a:not([href])'))) link.replaceWith(...link.childNodes);
  resolveAttachments(fragment, attachments);
  placeFormulas(fragment, formulas, renderMath);
  return fragment;
}
