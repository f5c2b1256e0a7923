import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import '../shimmer.css';
import './markdown.css';

type Renderer = (source: string) => DocumentFragment;
let renderer: Promise<Renderer> | null = null;
const loadRenderer = () => (renderer ??= import('./render-markdown.ts').then((m) => m.renderMarkdown));

/**
 * Markdown + KaTeX from users (DESIGN §7), sanitized to an allow-list (render-markdown.ts). The
 * renderer loads with the first text shown; until then shimmering lines hold the place (plain
 * markup, not antd's Skeleton: public pages show articles too and keep antd's extra chunks out). The sanitized
 * nodes are put in place as they are, never serialized to HTML and parsed again.
 */
export function MarkdownView({ source, empty }: { source: string | null | undefined; empty?: string }) {
  const [render, setRender] = useState<Renderer | null>(null);
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let live = true;
    void loadRenderer().then((fn) => {
      if (live) setRender(() => fn);
    });
    return () => {
      live = false;
    };
  }, []);
  const text = source?.trim() ? source : '';
  useLayoutEffect(() => {
    if (render && text && container.current) container.current.replaceChildren(render(text));
  }, [render, text]);
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
