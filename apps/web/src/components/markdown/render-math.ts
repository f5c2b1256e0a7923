import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify';
import katex from 'katex';
import 'katex/dist/katex.min.css';

/**
 * Pass 2 of render-markdown.ts: one formula rendered by KaTeX and sanitized on its own. A module of
 * its own so that Markdown without formulas (most news articles) never downloads KaTeX and its CSS:
 * MarkdownView loads this only when the text holds `$…$` or `$$…$$` (hasMath in math-tokens.ts).
 */

/* ---- pass 2: KaTeX's output ---- */

const KATEX_TAGS = [
  ...['span', 'svg', 'path', 'line'],
  ...['math', 'semantics', 'annotation', 'mrow', 'mi', 'mn', 'mo', 'ms', 'mtext', 'mspace', 'mpadded', 'mphantom'],
  ...['msup', 'msub', 'msubsup', 'mfrac', 'msqrt', 'mroot', 'mover', 'munder', 'munderover', 'mstyle'],
  ...['mtable', 'mtr', 'mtd', 'mlabeledtr', 'menclose'],
];
const KATEX_ATTR = [
  ...['class', 'style', 'aria-hidden', 'title', 'xmlns', 'encoding', 'display', 'displaystyle', 'scriptlevel'],
  ...['mathvariant', 'mathcolor', 'mathbackground', 'mathsize', 'stretchy', 'fence', 'separator', 'accent'],
  ...['accentunder', 'lspace', 'rspace', 'width', 'height', 'depth', 'voffset', 'linethickness', 'notation'],
  ...['columnalign', 'columnspacing', 'columnlines', 'rowspacing', 'rowlines', 'frame', 'minsize', 'maxsize'],
  ...['symmetric', 'largeop', 'movablelimits', 'form', 'viewBox', 'preserveAspectRatio', 'd', 'stroke-width'],
  ...['x1', 'x2', 'y1', 'y2'],
];
const KATEX_CONFIG: Config & { RETURN_DOM_FRAGMENT: true } = {
  ALLOWED_TAGS: KATEX_TAGS,
  ALLOWED_ATTR: KATEX_ATTR,
  ALLOW_DATA_ATTR: false,
  RETURN_DOM_FRAGMENT: true,
};

const LENGTH = /^-?(?:\d+\.?\d*|\.\d+)em$|^0$/;
const COLOR = /^(?:#[0-9a-f]{3,8}|[a-z]{3,20})$/i;
/** The CSS KaTeX writes inline, each with the values it writes. */
const KATEX_STYLE: Record<string, RegExp> = {
  position: /^relative$/,
  ...Object.fromEntries(
    [
      ...['top', 'bottom', 'left', 'height', 'width', 'min-width', 'vertical-align', 'margin-left', 'margin-right'],
      ...['padding-left', 'border-width', 'border-top-width', 'border-bottom-width', 'border-right-width'],
    ].map((property) => [property, LENGTH]),
  ),
  'border-style': /^solid$/,
  color: COLOR,
  'background-color': COLOR,
  'border-color': COLOR,
  border: /^-?(?:\d+\.?\d*|\.\d+)em solid (?:#[0-9a-f]{3,8}|[a-z]{3,20})$/i,
};
/** KaTeX's own class names; never the app's (`mb-…`) or Ant Design's (`ant-…`). */
const KATEX_CLASS = /^(?!ant-|mb-)[a-z][a-z0-9-]*$/;

function keptStyle(style: string): string {
  return style
    .split(';')
    .map((declaration) => {
      const colon = declaration.indexOf(':');
      const property = declaration.slice(0, colon).trim().toLowerCase();
      const value = declaration.slice(colon + 1).trim();
      return colon > 0 && KATEX_STYLE[property]?.test(value) ? `${property}:${value}` : '';
    })
    .filter(Boolean)
    .join(';');
}

let katexPurifier: Purifier | undefined;
function purifyKatex(html: string): DocumentFragment {
  if (!katexPurifier) {
    katexPurifier = DOMPurify(window);
    katexPurifier.addHook('uponSanitizeAttribute', (_node, data) => {
      if (data.attrName === 'style') data.attrValue = keptStyle(data.attrValue);
      if (data.attrName === 'class')
        data.attrValue = data.attrValue
          .split(/\s+/)
          .filter((name) => KATEX_CLASS.test(name))
          .join(' ');
      if ((data.attrName === 'style' || data.attrName === 'class') && !data.attrValue) data.keepAttr = false;
    });
  }
  return katexPurifier.sanitize(html, KATEX_CONFIG);
}

export function renderMath(tex: string, displayMode: boolean): DocumentFragment {
  // throwOnError false: a typo shows the source in red instead of breaking the whole preview.
  const html = katex.renderToString(tex, {
    displayMode,
    throwOnError: false,
    trust: false,
    strict: 'ignore',
    output: 'htmlAndMathml',
    maxSize: 20,
    maxExpand: 500,
  });
  return purifyKatex(html);
}
