import { Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import './markdown.css';

type Renderer = (source: string) => string;
let renderer: Promise<Renderer> | null = null;
const loadRenderer = () => (renderer ??= import('./render-markdown.ts').then((m) => m.renderMarkdown));

/**
 * Markdown + KaTeX from users, sanitized (DESIGN §7). The renderer loads with the first text
 * shown; until then a skeleton holds the place.
 */
export function MarkdownView({ source, empty }: { source: string | null | undefined; empty?: string }) {
  const [render, setRender] = useState<Renderer | null>(null);
  useEffect(() => {
    let live = true;
    void loadRenderer().then((fn) => {
      if (live) setRender(() => fn);
    });
    return () => {
      live = false;
    };
  }, []);
  if (!source?.trim()) return empty ? <p className="mb-muted">{empty}</p> : null;
  if (!render) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  // Sanitized by DOMPurify in renderMarkdown.
  return <div className="mb-markdown" dangerouslySetInnerHTML={{ __html: render(source) }} />;
}
