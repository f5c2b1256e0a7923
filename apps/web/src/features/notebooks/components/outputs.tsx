import { AnsiUp } from 'ansi_up';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { NbOutput } from '@mathbridge/contracts/notebooks';
import type * as SanitizeOutput from '../lib/sanitize-output.ts';
import { MarkdownView } from '../../../components/markdown/markdown-view.tsx';

/**
 * Cell outputs (issue 12): text, streams, errors with ANSI colours, PNG/JPEG (data: URLs, allowed
 * by the server's CSP `img-src 'self' data: blob:`), SVG and HTML sanitized with DOMPurify,
 * LaTeX and Markdown through the app's Markdown renderer (KaTeX), JSON as text. Outputs come from
 * kernels and imported files, so they are untrusted: HTML keeps no script, style, form or frame,
 * and SVG is shown as an image (no script can run in it even if the sanitizer missed one).
 */

const text = (value: unknown): string =>
  Array.isArray(value) ? value.join('') : typeof value === 'string' ? value : '';

let ansi: AnsiUp | null = null;
/** ANSI colours to HTML; ansi_up escapes the text itself (escape_html). */
function ansiHtml(source: string): string {
  if (!ansi) {
    ansi = new AnsiUp();
    ansi.escape_html = true;
    ansi.use_classes = true;
  }
  return ansi.ansi_to_html(source);
}

/** DOMPurify is fetched only when a notebook has an HTML or SVG output (DESIGN §8: public first load). */
let sanitizeModule: Promise<typeof SanitizeOutput> | null = null;
const loadSanitizer = () => (sanitizeModule ??= import('../lib/sanitize-output.ts'));

function Html({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let live = true;
    void loadSanitizer().then((m) => {
      if (live) ref.current?.replaceChildren(m.sanitizeHtml(html));
    });
    return () => {
      live = false;
    };
  }, [html]);
  return <div className="nb-output-html" ref={ref} />;
}

function Svg({ svg }: { svg: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void loadSanitizer().then((m) => {
      if (live) setSrc(m.svgDataUrl(svg));
    });
    return () => {
      live = false;
    };
  }, [svg]);
  return src ? <img className="nb-output-image" alt="" src={src} /> : <div className="nb-output-image" aria-busy />;
}

function Ansi({ source, className }: { source: string; className: string }) {
  const html = useMemo(() => ansiHtml(source), [source]);
  // ansi_up escaped every character of the source; only its own <span class="ansi-…"> remain.
  return <pre className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** The richest mime type we render, as Jupyter picks. */
const ORDER = [
  'text/html',
  'image/svg+xml',
  'image/png',
  'image/jpeg',
  'text/markdown',
  'text/latex',
  'application/json',
  'text/plain',
] as const;

function MimeOutput({ data }: { data: Record<string, unknown> }) {
  const mime = ORDER.find((type) => data[type] !== undefined);
  const value = mime ? data[mime] : undefined;
  switch (mime) {
    case 'text/html':
      return <Html html={text(value)} />;
    case 'image/svg+xml':
      return <Svg svg={text(value)} />;
    case 'image/png':
    case 'image/jpeg':
      return <img className="nb-output-image" alt="" src={`data:${mime};base64,${text(value).replace(/\s+/g, '')}`} />;
    case 'text/markdown':
      return <MarkdownView source={text(value)} breaks={false} />;
    case 'text/latex': {
      const tex = text(value).trim();
      return <MarkdownView source={tex.startsWith('$') ? tex : `$$${tex}$$`} />;
    }
    case 'application/json':
      return <pre className="nb-output-text">{JSON.stringify(value, null, 2)}</pre>;
    case 'text/plain':
      return <Ansi className="nb-output-text" source={text(value)} />;
    default:
      return null;
  }
}

export function OutputView({ output }: { output: NbOutput }) {
  switch (output.output_type) {
    case 'stream':
      return <Ansi className={`nb-output-stream nb-output-${output.name}`} source={text(output.text)} />;
    case 'error':
      return (
        <Ansi className="nb-output-error" source={output.traceback.join('\n') || `${output.ename}: ${output.evalue}`} />
      );
    case 'display_data':
    case 'execute_result':
      return <MimeOutput data={output.data} />;
    default:
      return null;
  }
}

export function CellOutputs({ outputs }: { outputs: readonly NbOutput[] }) {
  if (outputs.length === 0) return null;
  return (
    <div className="nb-outputs" aria-live="polite">
      {outputs.map((output, index) => (
        // Outputs have no identity of their own; their order is their key.
        <OutputView key={index} output={output} />
      ))}
    </div>
  );
}
