import type { ReactNode } from 'react';
import type { NbCell, NotebookDocument } from '@mathbridge/contracts/notebooks';
import { MarkdownView } from '../../../components/markdown/markdown-view.tsx';
import { joinSource } from '../lib/source.ts';
import { CellOutputs } from './outputs.tsx';
import './notebook.css';

/** `[n]:` beside a code cell, as Jupyter shows it; blank when it never ran. */
export function Prompt({ count, busy }: { count: number | null | undefined; busy?: boolean }) {
  return (
    <span className="nb-prompt" aria-hidden>
      [{busy ? '*' : (count ?? ' ')}]:
    </span>
  );
}

function ReadOnlyCell({ cell }: { cell: NbCell }) {
  const source = joinSource(cell.source);
  if (cell.cell_type === 'markdown') {
    return (
      <div className="nb-cell nb-cell-markdown">
        {/* As Jupyter renders it: CommonMark/GFM (a newline is a space), pasted images from the cell. */}
        <MarkdownView source={source} breaks={false} attachments={cell.attachments} />
      </div>
    );
  }
  if (cell.cell_type === 'raw') {
    return (
      <div className="nb-cell nb-cell-raw">
        <pre className="nb-source">{source}</pre>
      </div>
    );
  }
  return (
    <div className="nb-cell nb-cell-code">
      <div className="nb-input">
        <Prompt count={cell.execution_count} />
        {/* A long line scrolls; the region is reachable with the keyboard (axe scrollable-region-focusable). */}
        <pre className="nb-source" tabIndex={0}>
          <code>{source}</code>
        </pre>
      </div>
      <CellOutputs outputs={cell.outputs} />
    </div>
  );
}

/**
 * A notebook read-only with its saved outputs (achievement area, deliverables, /tryit for
 * visitors): no kernel, no editor code, fast. Markdown cells through the app's renderer (KaTeX).
 */
export function NotebookView({ document, toolbar }: { document: NotebookDocument; toolbar?: ReactNode }) {
  return (
    <div className="nb-notebook nb-readonly">
      {toolbar && <div className="nb-toolbar">{toolbar}</div>}
      {document.cells.map((cell, index) => (
        // Cells of older files may lack ids; their position is then their key (the view never reorders).
        <ReadOnlyCell key={cell.id ?? `i${index}`} cell={cell} />
      ))}
    </div>
  );
}
