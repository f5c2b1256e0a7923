import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import '../shimmer.css';
import { hasMath } from './math-tokens.ts';
import type { MarkdownOptions } from './render-markdown.ts';
import './markdown.css';

type Renderer = (source: string, options: MarkdownOptions) => DocumentFragment;
let plain: Promise<Renderer> | null = null;
let withMath: Promise<Renderer> | null = null;
/** marked + DOMPurify, and KaTeX (render-math.ts, the larger part) only when the text has formulas. */
const loadRenderer = (math: boolean) =>
  math
    ? (withMath ??= Promise.all([import('./render-markdown.ts'), import('./render-math.ts')]).then(
        ([markdown, katex]) =>
          (source: string, options: MarkdownOptions) =>
            markdown.renderMarkdown(source, katex.renderMath, options),
      ))
    : (plain ??= import('./render-markdown.ts').then(
        (m) => (source: string, options: MarkdownOptions) => m.renderMarkdown(source, undefined, options),
      ));

interface MarkdownViewProps extends MarkdownOptions {
  source: string | null | undefined;
  empty?: string;
}

/**
 * Markdown + KaTeX from users (DESIGN §7), sanitized to an allow-list (render-markdown.ts). The
 * renderer loads with the first text shown, KaTeX with the first formula; until then shimmering lines hold the place (plain
 * markup, not antd's Skeleton: public pages show articles too and keep antd's extra chunks out). The sanitized
 * nodes are put in place as they are, never serialized to HTML and parsed again. `breaks` and
 * `attachments` are for notebook cells (MarkdownOptions).
 */
export function MarkdownView({ source, empty, breaks = true, attachments }: MarkdownViewProps) {
  const [render, setRender] = useState<{ fn: Renderer; math: boolean } | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const text = source?.trim() ? source : '';
  // Once KaTeX is in, it stays; text that gains a formula (a preview being typed) fetches it then.
  const math = render?.math || hasMath(text);
  useEffect(() => {
    let live = true;
    void loadRenderer(math).then((fn) => {
      if (live) setRender({ fn, math });
    });
    return () => {
      live = false;
    };
  }, [math]);
  useLayoutEffect(() => {
    if (render && text && container.current)
      container.current.replaceChildren(render.fn(text, { breaks, attachments }));
  }, [render, text, breaks, attachments]);
  if (!text) return empty ? <p className="mb-muted">{empty}</p> : null;
  if (!render) {
    return (
      <div className="mb-markdown-loading" aria-busy="true">
        <span className="mb-shimmer mb-shimmer-line" />
        <span className="mb-shimmer mb-shimmer-line" style={{ width: '70%' }} />
      </div>
    );
  }
  return <div className="mb-markdown" ref={container} />;
}
