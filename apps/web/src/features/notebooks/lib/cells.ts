import type { NbCell, NbOutput, NotebookDocument } from '@mathbridge/contracts/notebooks';
import { joinSource } from './source.ts';

/** Cell helpers of the editor: every cell has an id (nbformat 4.5) so React can key it. */

export function newCellId(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function newCell(type: 'code' | 'markdown'): NbCell {
  return type === 'code'
    ? { cell_type: 'code', id: newCellId(), source: '', metadata: {}, execution_count: null, outputs: [] }
    : { cell_type: 'markdown', id: newCellId(), source: '', metadata: {} };
}

/** The document with an id on every cell (older minors may lack them) and nbformat_minor ≥ 5. */
export function withCellIds(document: NotebookDocument): NotebookDocument {
  const seen = new Set<string>();
  const cells = document.cells.map((cell) => {
    let id = cell.id;
    if (!id || seen.has(id)) id = newCellId();
    seen.add(id);
    return id === cell.id ? cell : { ...cell, id };
  });
  return { ...document, nbformat_minor: Math.max(document.nbformat_minor, 5), cells };
}

export function cellSource(cell: NbCell): string {
  return joinSource(cell.source);
}

export function setOutputs(cell: NbCell, outputs: NbOutput[], executionCount?: number | null): NbCell {
  if (cell.cell_type !== 'code') return cell;
  return { ...cell, outputs, execution_count: executionCount === undefined ? cell.execution_count : executionCount };
}

export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}
