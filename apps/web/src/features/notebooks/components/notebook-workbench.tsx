import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CaretRightOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  FastForwardOutlined,
  FileTextOutlined,
  PauseOutlined,
  PlusOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { Alert, Button, Tag, Tooltip } from 'antd';
import {
  Suspense,
  lazy,
  useCallback,
  useEffect,
  useRef,
  useState,
  type Dispatch,
  type ReactNode,
  type SetStateAction,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { NbCell, NotebookDocument } from '@mathbridge/contracts/notebooks';
import { MarkdownView } from '../../../components/markdown/markdown-view.tsx';
import { notify } from '../../../lib/notify.ts';
import { cellSource, moveItem, newCell, setOutputs } from '../lib/cells.ts';
import type { KernelState } from '../lib/kernel.ts';
import { KernelStartError, describeKernelFailure } from '../lib/kernel-access.ts';
import { useKernel } from '../lib/use-kernel.ts';
import { KernelAccessNotice } from './kernel-notice.tsx';
import { Prompt } from './notebook-view.tsx';
import { CellOutputs } from './outputs.tsx';
import './notebook.css';

const CodeEditor = lazy(() => import('./code-editor.tsx'));

export interface WorkbenchProps {
  document: NotebookDocument;
  setDocument: Dispatch<SetStateAction<NotebookDocument>>;
  /** edit: cells may be added, moved and deleted (the owner's editor); run: sources and outputs only. */
  mode: 'edit' | 'run';
  /** Whether code can run here (kernels available, the caller allowed to start one); `notice` says why not. */
  runnable: boolean;
  /**
   * Set while that is unknown because the availability check failed: the run buttons stay on, and a
   * run checks again first, going ahead if code can run now (and otherwise leaving it to `notice`).
   */
  recheck?: () => Promise<boolean>;
  notice?: ReactNode;
  /** Save, export, publish… beside the run buttons. */
  toolbarExtra?: ReactNode;
  onSave?: () => void;
}

export function KernelStatus({ state }: { state: KernelState }) {
  const { t } = useTranslation();
  return (
    <span className={`nb-status nb-status-${state}`} role="status" data-testid="kernel-status">
      <span className="nb-status-dot" aria-hidden />
      {t(`notebooks.kernel.state.${state}`)}
    </span>
  );
}

/**
 * The live notebook (issue 12): cells edited in CodeMirror, run on the user's kernel through the
 * API's proxy, outputs folded into the document as they arrive. Used by the editor (mode edit),
 * and by /tryit and delivered notebooks (mode run: run live, nothing saved).
 */
export function NotebookWorkbench({
  document,
  setDocument,
  mode,
  runnable,
  recheck,
  notice,
  toolbarExtra,
  onSave,
}: WorkbenchProps) {
  const { t } = useTranslation();
  const kernel = useKernel();
  const [active, setActive] = useState<string | null>(document.cells[0]?.id ?? null);
  const [editingMarkdown, setEditingMarkdown] = useState<ReadonlySet<string>>(new Set());
  const [running, setRunning] = useState<ReadonlySet<string>>(new Set());
  // A new object per request, so asking for the same cell again focuses it again.
  const [focusRequest, setFocusRequest] = useState<{ id: string } | null>(null);
  const setFocusId = (id: string | null) => setFocusRequest(id ? { id } : null);
  const focusId = focusRequest?.id ?? null;
  const stopAll = useRef(false);
  const cells = document.cells;
  const failure = describeKernelFailure(kernel.failure);
  // The API refused the start for who the caller is (certify first, or signed out since the page
  // loaded): say what to do, and no more runs until they have done it and come back.
  const allowed = (runnable || recheck !== undefined) && !failure.access;
  // A run after a failed check asks again first; the runs that follow it in "run all" do not.
  const ready = useCallback(async () => runnable || (recheck ? await recheck() : false), [recheck, runnable]);

  const updateCell = useCallback(
    (id: string, update: (cell: NbCell) => NbCell) =>
      setDocument((doc) => ({ ...doc, cells: doc.cells.map((cell) => (cell.id === id ? update(cell) : cell)) })),
    [setDocument],
  );

  const runCell = useCallback(
    async (id: string, checked = false): Promise<boolean> => {
      const cell = document.cells.find((c) => c.id === id);
      if (!cell || cell.cell_type !== 'code' || !allowed) return true;
      if (!checked && !(await ready())) return false;
      setRunning((set) => new Set(set).add(id));
      updateCell(id, (c) => setOutputs(c, []));
      try {
        const result = await kernel.execute(cellSource(cell), (outputs) =>
          updateCell(id, (c) => setOutputs(c, outputs)),
        );
        updateCell(id, (c) => setOutputs(c, result.outputs, result.executionCount));
        return result.status === 'ok';
      } catch (error) {
        // kernel.failure is this render's (older) value: the error carries what the API answered now.
        const failed = describeKernelFailure(error instanceof KernelStartError ? error.failure : null);
        notify.error(t(failed.message), 'kernel');
        return false;
      } finally {
        setRunning((set) => {
          const next = new Set(set);
          next.delete(id);
          return next;
        });
      }
    },
    [allowed, document.cells, kernel, ready, t, updateCell],
  );

  const focusNext = (id: string) => {
    const index = cells.findIndex((c) => c.id === id);
    const next = cells[index + 1];
    if (next?.id) {
      setActive(next.id);
      setFocusId(next.id);
    } else if (mode === 'edit') {
      const cell = newCell('code');
      setDocument((doc) => ({ ...doc, cells: [...doc.cells, cell] }));
      setActive(cell.id ?? null);
      setFocusId(cell.id ?? null);
    }
  };

  const runAll = async () => {
    stopAll.current = false;
    if (!(await ready())) return;
    for (const cell of document.cells) {
      if (stopAll.current) break;
      if (cell.cell_type !== 'code' || !cell.id) continue;
      // Cells run on the saved-in-state source; later edits show at the next run.
      const ok = await runCell(cell.id, true);
      if (!ok) break;
    }
  };

  const interrupt = () => {
    stopAll.current = true;
    void kernel.interrupt();
  };

  const restart = () =>
    notify.confirm({
      title: t('notebooks.kernel.restartTitle'),
      content: t('notebooks.kernel.restartContent'),
      okText: t('notebooks.kernel.restart'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        stopAll.current = true;
        await kernel.restart();
      },
    });

  const insert = (type: 'code' | 'markdown', after: string | null) => {
    const cell = newCell(type);
    setDocument((doc) => {
      const index = after ? doc.cells.findIndex((c) => c.id === after) : doc.cells.length - 1;
      const next = [...doc.cells];
      next.splice(index + 1, 0, cell);
      return { ...doc, cells: next };
    });
    if (cell.id) {
      setActive(cell.id);
      setFocusId(cell.id);
      if (type === 'markdown') setEditingMarkdown((set) => new Set(set).add(cell.id as string));
    }
  };

  const move = (id: string, delta: number) =>
    setDocument((doc) => {
      const index = doc.cells.findIndex((c) => c.id === id);
      return { ...doc, cells: moveItem(doc.cells, index, index + delta) };
    });

  const remove = (id: string) =>
    notify.confirm({
      title: t('notebooks.cell.deleteTitle'),
      content: t('notebooks.cell.deleteContent'),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => setDocument((doc) => ({ ...doc, cells: doc.cells.filter((c) => c.id !== id) })),
    });

  const toggleMarkdown = (id: string) =>
    setEditingMarkdown((set) => {
      const next = new Set(set);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  // Shift+Enter moves on: focus the next cell's editor (or its rendered Markdown).
  useEffect(() => {
    const focusId = focusRequest?.id;
    if (!focusId) return;
    const frame = window.requestAnimationFrame(() => {
      const section = window.document.querySelector(`[data-cell-id="${CSS.escape(focusId)}"]`);
      const target = section?.querySelector<HTMLElement>('.cm-content, .nb-markdown-cell');
      target?.focus();
    });
    return () => window.cancelAnimationFrame(frame);
  }, [focusRequest]);

  const busy = running.size > 0;
  const kernelDown = kernel.state === 'dead' || kernel.state === 'disconnected';

  return (
    <div className="nb-notebook">
      <div className="nb-toolbar" role="toolbar" aria-label={t('notebooks.toolbar.label')}>
        <Tooltip title={t('notebooks.toolbar.runCellHint')}>
          <Button
            icon={<CaretRightOutlined />}
            disabled={!allowed || !active}
            onClick={() => active && void runCell(active)}
            data-testid="run-cell"
          >
            {t('notebooks.toolbar.runCell')}
          </Button>
        </Tooltip>
        <Button
          icon={<FastForwardOutlined />}
          disabled={!allowed || busy}
          onClick={() => void runAll()}
          data-testid="run-all"
          title={t('notebooks.toolbar.runAll')}
        >
          {t('notebooks.toolbar.runAll')}
        </Button>
        <Button
          icon={<PauseOutlined />}
          disabled={!allowed || kernel.state === 'off'}
          onClick={interrupt}
          title={t('notebooks.toolbar.interrupt')}
        >
          {t('notebooks.toolbar.interrupt')}
        </Button>
        <Button
          icon={<ReloadOutlined />}
          disabled={!allowed || kernel.state === 'off'}
          onClick={restart}
          title={t('notebooks.toolbar.restart')}
        >
          {t('notebooks.toolbar.restart')}
        </Button>
        {allowed && runnable && <KernelStatus state={kernel.state} />}
        {allowed && kernelDown && (
          <Button size="small" onClick={() => void kernel.reconnect()}>
            {t('notebooks.kernel.reconnect')}
          </Button>
        )}
        {toolbarExtra}
      </div>
      {notice}
      {runnable && failure.access && <KernelAccessNotice access={failure.access} />}
      {allowed && kernel.failure?.status === 409 && (
        <Alert
          type="warning"
          showIcon
          title={t('notebooks.kernel.busyElsewhere')}
          action={
            <Button size="small" onClick={() => void kernel.shutdown().then(() => kernel.reconnect())}>
              {t('notebooks.kernel.takeOver')}
            </Button>
          }
        />
      )}
      {cells.length === 0 && <p className="mb-muted">{t('notebooks.cell.empty')}</p>}
      {cells.map((cell, index) => {
        const id = cell.id ?? `i${index}`;
        const isActive = id === active;
        const source = cellSource(cell);
        const isRunning = running.has(id);
        const editingMd = cell.cell_type !== 'code' && (editingMarkdown.has(id) || (!source && mode === 'edit'));
        return (
          <section
            key={id}
            className={`nb-cell nb-cell-${cell.cell_type}${isActive ? ' nb-active' : ''}`}
            aria-label={t('notebooks.cell.label', { n: index + 1, type: t(`notebooks.cell.type.${cell.cell_type}`) })}
            onFocusCapture={() => setActive(id)}
            onClick={() => setActive(id)}
            data-testid="nb-cell"
            data-cell-id={id}
          >
            <div className="nb-cell-tools">
              <Tag variant="filled">{t(`notebooks.cell.type.${cell.cell_type}`)}</Tag>
              {cell.cell_type === 'code' && (
                <Button
                  size="small"
                  type="text"
                  icon={<CaretRightOutlined />}
                  aria-label={t('notebooks.toolbar.runCell')}
                  disabled={!allowed || isRunning}
                  onClick={() => void runCell(id)}
                />
              )}
              {cell.cell_type !== 'code' && (
                <Button
                  size="small"
                  type="text"
                  icon={editingMd ? <EyeOutlined /> : <EditOutlined />}
                  aria-label={t(editingMd ? 'notebooks.cell.preview' : 'notebooks.cell.edit')}
                  onClick={() => toggleMarkdown(id)}
                />
              )}
              {mode === 'edit' && (
                <>
                  {/* Always rendered (no layout shift when another cell becomes active). */}
                  <Button
                    size="small"
                    type="text"
                    icon={<PlusOutlined />}
                    aria-label={t('notebooks.cell.addCodeBelow')}
                    title={t('notebooks.cell.addCodeBelow')}
                    onClick={() => insert('code', id)}
                  />
                  <Button
                    size="small"
                    type="text"
                    icon={<FileTextOutlined />}
                    aria-label={t('notebooks.cell.addMarkdownBelow')}
                    title={t('notebooks.cell.addMarkdownBelow')}
                    onClick={() => insert('markdown', id)}
                  />
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowUpOutlined />}
                    aria-label={t('notebooks.cell.moveUp')}
                    disabled={index === 0}
                    onClick={() => move(id, -1)}
                  />
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowDownOutlined />}
                    aria-label={t('notebooks.cell.moveDown')}
                    disabled={index === cells.length - 1}
                    onClick={() => move(id, 1)}
                  />
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('notebooks.cell.delete')}
                    onClick={() => remove(id)}
                  />
                </>
              )}
            </div>
            {cell.cell_type === 'code' ? (
              <div className="nb-input">
                <Prompt count={cell.execution_count} busy={isRunning} />
                <Suspense fallback={<pre className="nb-source">{source}</pre>}>
                  <CodeEditor
                    value={source}
                    language="python"
                    ariaLabel={t('notebooks.cell.codeLabel', { n: index + 1 })}
                    autoFocus={focusId === id}
                    onFocus={() => setActive(id)}
                    onChange={(value) => updateCell(id, (c) => ({ ...c, source: value }))}
                    onRun={() => void runCell(id)}
                    onRunAndNext={() => {
                      void runCell(id);
                      focusNext(id);
                    }}
                    onSave={onSave}
                  />
                </Suspense>
              </div>
            ) : editingMd ? (
              <Suspense fallback={<pre className="nb-source">{source}</pre>}>
                <CodeEditor
                  value={source}
                  language="markdown"
                  ariaLabel={t('notebooks.cell.markdownLabel', { n: index + 1 })}
                  placeholder={t('notebooks.cell.markdownPlaceholder')}
                  autoFocus={focusId === id}
                  onChange={(value) => updateCell(id, (c) => ({ ...c, source: value }))}
                  onRun={() => toggleMarkdown(id)}
                  onRunAndNext={() => {
                    toggleMarkdown(id);
                    focusNext(id);
                  }}
                  onSave={onSave}
                />
              </Suspense>
            ) : (
              <div
                className="nb-markdown-cell"
                onDoubleClick={() => toggleMarkdown(id)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') toggleMarkdown(id);
                }}
                // Focusable for Enter-to-edit; the tool row's edit button is the named control
                // (a role="button" here would take the whole rendered text as its name).
                tabIndex={0}
                title={t('notebooks.cell.edit')}
              >
                <MarkdownView
                  source={source}
                  empty={t('notebooks.cell.markdownPlaceholder')}
                  breaks={false}
                  attachments={cell.attachments}
                />
              </div>
            )}
            {cell.cell_type === 'code' && <CellOutputs outputs={cell.outputs} />}
          </section>
        );
      })}
      {mode === 'edit' && (
        <div className="nb-add-bar">
          <Button icon={<PlusOutlined />} onClick={() => insert('code', null)} data-testid="add-code">
            {t('notebooks.cell.addCode')}
          </Button>
          <Button icon={<PlusOutlined />} onClick={() => insert('markdown', null)} data-testid="add-markdown">
            {t('notebooks.cell.addMarkdown')}
          </Button>
        </div>
      )}
    </div>
  );
}
