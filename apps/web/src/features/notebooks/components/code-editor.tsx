import { python } from '@codemirror/lang-python';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import {
  bracketMatching,
  defaultHighlightStyle,
  HighlightStyle,
  indentOnInput,
  syntaxHighlighting,
} from '@codemirror/language';
import { EditorState, Prec } from '@codemirror/state';
import {
  EditorView,
  drawSelection,
  highlightSpecialChars,
  keymap,
  lineNumbers,
  placeholder as placeholderExt,
} from '@codemirror/view';
import { useEffect, useLayoutEffect, useRef } from 'react';

export interface CodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  language: 'python' | 'markdown';
  /** Shift+Enter: run and move on. */
  onRunAndNext?: () => void;
  /** Ctrl/Cmd+Enter: run in place. */
  onRun?: () => void;
  /** Ctrl/Cmd+S inside the editor. */
  onSave?: () => void;
  onFocus?: () => void;
  ariaLabel: string;
  placeholder?: string;
  autoFocus?: boolean;
  readOnly?: boolean;
}

/** CodeMirror's default colours, with the two below 4.5:1 on white darkened (WCAG AA, axe color-contrast). */
const DARKER: Record<string, string> = { '#e40': '#b83800', '#f00': '#d00000' };
const readableHighlightStyle = HighlightStyle.define(
  defaultHighlightStyle.specs.map((spec) =>
    typeof spec.color === 'string' && DARKER[spec.color] ? { ...spec, color: DARKER[spec.color] } : spec,
  ),
);

/**
 * A cell's source in CodeMirror 6 (issue 12): Python or Markdown highlighting, the notebook's keys
 * (Shift+Enter, Ctrl/Cmd+Enter, Ctrl/Cmd+S). Tab is left to the browser (no indent-with-tab), so
 * keyboard users can move on; indentation comes from Enter. Loaded lazily with the editor.
 */
export default function CodeEditor(props: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  // The latest callbacks, read by the keymap created once.
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });

  useEffect(() => {
    if (!host.current) return undefined;
    const p = latest.current;
    const run = (key: 'onRun' | 'onRunAndNext' | 'onSave') => () => {
      const handler = latest.current[key];
      if (!handler) return false;
      handler();
      return true;
    };
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: p.value,
        extensions: [
          Prec.highest(
            keymap.of([
              { key: 'Shift-Enter', run: run('onRunAndNext') },
              { key: 'Mod-Enter', run: run('onRun') },
              { key: 'Mod-s', run: run('onSave'), preventDefault: true },
            ]),
          ),
          // CodeMirror's "minimal setup", spelled out (the `codemirror` package installed is the v5 line).
          highlightSpecialChars(),
          history(),
          drawSelection(),
          indentOnInput(),
          bracketMatching(),
          syntaxHighlighting(readableHighlightStyle),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          // Markdown cells are plain text here (lang-markdown brings the HTML, CSS and JS grammars: +100 kB
          // gzipped); their preview is one click away.
          p.language === 'python' ? [lineNumbers(), python()] : [],
          EditorView.lineWrapping,
          EditorState.readOnly.of(Boolean(p.readOnly)),
          EditorView.contentAttributes.of({ 'aria-label': p.ariaLabel }),
          p.placeholder ? placeholderExt(p.placeholder) : [],
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current.onChange(update.state.doc.toString());
            if (update.focusChanged && update.view.hasFocus) latest.current.onFocus?.();
          }),
        ],
      }),
    });
    view.current = editor;
    if (p.autoFocus) editor.focus();
    return () => {
      editor.destroy();
      view.current = null;
    };
    // The editor is created once; the language and read-only flag never change for a cell.
  }, []);

  // A change from outside (reload after a conflict): replace the text.
  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== props.value) {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: props.value } });
    }
  }, [props.value]);

  return <div className="nb-editor" ref={host} />;
}
