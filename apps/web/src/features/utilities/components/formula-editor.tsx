import { CopyOutlined, ExclamationCircleFilled } from '../../../components/inline-icon.tsx';
import { Button } from 'antd';
import type { KatexOptions } from 'katex';
import { useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.ts';
import type * as KatexRuntime from '../lib/katex-runtime.ts';
import { copyText } from '../lib/clipboard.ts';

type Katex = typeof KatexRuntime.katex;
const loadKatex = () => import('../lib/katex-runtime.ts').then((module) => module.katex);

const INITIAL = '\\int_{-\\infty}^{\\infty} e^{-x^2}\\,\\mathrm{d}x = \\sqrt{\\pi}';

const SNIPPETS = {
  fraction: '\\frac{a}{b}',
  sum: '\\sum_{i=1}^{n} a_i',
  integral: '\\int_{a}^{b} f(x)\\,\\mathrm{d}x',
  matrix: '\\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix}',
} as const;

const GREEK = [
  ['α', '\\alpha'],
  ['β', '\\beta'],
  ['γ', '\\gamma'],
  ['δ', '\\delta'],
  ['ε', '\\varepsilon'],
  ['θ', '\\theta'],
  ['λ', '\\lambda'],
  ['μ', '\\mu'],
  ['π', '\\pi'],
  ['σ', '\\sigma'],
  ['φ', '\\varphi'],
  ['ω', '\\omega'],
  ['Γ', '\\Gamma'],
  ['Δ', '\\Delta'],
  ['Σ', '\\Sigma'],
  ['Ω', '\\Omega'],
] as const;

/** KaTeX as the rest of the app runs it: no \href or HTML extensions, sizes capped. */
const BASE_OPTIONS: KatexOptions = { trust: false, strict: 'ignore', maxSize: 20, maxExpand: 500 };

interface Rendered {
  html: string;
  /** KaTeX's parse error, in its words (it names the position and the offending token). */
  error: string | null;
}

/**
 * Renders once strictly to learn whether the source parses; on an error renders again leniently, so
 * the preview still shows the source with the bad part marked in red (throwOnError: false).
 */
function renderFormula(katex: Katex, tex: string, displayMode: boolean): Rendered {
  const options = { ...BASE_OPTIONS, displayMode };
  try {
    return { html: katex.renderToString(tex, { ...options, throwOnError: true }), error: null };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { html: katex.renderToString(tex, { ...options, throwOnError: false }), error: message };
  }
}

/** The `<math>` element of KaTeX's MathML output: what Word, LibreOffice and browsers paste as a formula. */
function mathmlOf(katex: Katex, tex: string, displayMode: boolean): string {
  const html = katex.renderToString(tex, { ...BASE_OPTIONS, displayMode, output: 'mathml', throwOnError: true });
  const math = /<math[\s\S]*<\/math>/.exec(html);
  if (!math) throw new Error('no MathML in KaTeX output');
  return math[0];
}

/** /utilities/formula: a LaTeX editor with a live KaTeX preview, snippets, and copy as LaTeX or MathML. */
export default function FormulaEditor() {
  const { t } = useTranslation();
  const [tex, setTex] = useState(INITIAL);
  const [display, setDisplay] = useState(true);
  const [katex, setKatex] = useState<Katex | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const preview = useRef<HTMLDivElement>(null);
  // Typing never waits for the renderer; the preview may lag a keystroke behind.
  const source = useDeferredValue(tex);

  useEffect(() => {
    let live = true;
    loadKatex().then(
      (loaded) => live && setKatex(() => loaded),
      () => live && setLoadFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  const rendered = useMemo(
    () => (katex && source.trim() ? renderFormula(katex, source, display) : null),
    [katex, source, display],
  );

  useLayoutEffect(() => {
    // KaTeX escapes the source it shows and `trust: false` refuses links and raw HTML; the text is
    // the visitor's own, rendered in their own page.
    if (preview.current) preview.current.innerHTML = rendered?.html ?? '';
  }, [rendered]);

  const insert = (snippet: string) => {
    const area = input.current;
    const start = area?.selectionStart ?? tex.length;
    const end = area?.selectionEnd ?? tex.length;
    const next = `${tex.slice(0, start)}${snippet}${tex.slice(end)}`;
    setTex(next);
    const caret = start + snippet.length;
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(caret, caret);
    });
  };

  const copy = async (what: 'latex' | 'mathml') => {
    if (!tex.trim()) {
      notify.error(t('utilities.formula.nothingToCopy'));
      return;
    }
    let text = tex;
    if (what === 'mathml') {
      try {
        text = mathmlOf(katex ?? (await loadKatex()), tex, display);
      } catch {
        notify.error(t('utilities.formula.cannotCopyInvalid'));
        return;
      }
    }
    try {
      await copyText(text);
      notify.success(t(what === 'latex' ? 'utilities.formula.copiedLatex' : 'utilities.formula.copiedMathml'));
    } catch {
      notify.error(t('utilities.formula.copyFailed'));
    }
  };

  return (
    <div className="mb-formula">
      <div className="mb-tool-head">
        <h2>{t('utilities.formula.title')}</h2>
        <p className="mb-muted">{t('utilities.formula.intro')}</p>
      </div>
      <div className="mb-formula-grid">
        <div className="mb-formula-editor">
          <div className="mb-formula-toolbar" role="toolbar" aria-label={t('utilities.formula.insert')}>
            {(Object.keys(SNIPPETS) as (keyof typeof SNIPPETS)[]).map((key) => (
              <Button key={key} size="small" onClick={() => insert(SNIPPETS[key])} title={SNIPPETS[key]}>
                {t(`utilities.formula.inserts.${key}`)}
              </Button>
            ))}
            <select
              className="mb-formula-greek"
              aria-label={t('utilities.formula.inserts.greek')}
              value=""
              onChange={(event) => {
                if (event.target.value) insert(event.target.value);
              }}
            >
              <option value="">{t('utilities.formula.inserts.greek')}</option>
              {GREEK.map(([letter, command]) => (
                <option key={command} value={command}>
                  {`${letter}\u2003${command}`}
                </option>
              ))}
            </select>
          </div>
          <label htmlFor="mb-formula-source" className="mb-visually-hidden">
            {t('utilities.formula.sourceLabel')}
          </label>
          <textarea
            id="mb-formula-source"
            ref={input}
            className="mb-formula-source"
            value={tex}
            onChange={(event) => setTex(event.target.value)}
            placeholder={t('utilities.formula.placeholder')}
            rows={6}
            spellCheck={false}
            autoCapitalize="off"
            autoCorrect="off"
          />
          <div className="mb-formula-mode" role="group" aria-labelledby="mb-formula-mode-label">
            <span id="mb-formula-mode-label">{t('utilities.formula.mode')}</span>
            {(['display', 'inline'] as const).map((mode) => (
              <Button
                key={mode}
                size="small"
                type={(mode === 'display') === display ? 'primary' : 'default'}
                aria-pressed={(mode === 'display') === display}
                onClick={() => setDisplay(mode === 'display')}
              >
                {t(`utilities.formula.modes.${mode}`)}
              </Button>
            ))}
          </div>
        </div>
        <div className="mb-formula-output">
          <div className="mb-formula-preview-label">{t('utilities.formula.preview')}</div>
          {loadFailed ? (
            <p className="mb-formula-alert" role="alert">
              <ExclamationCircleFilled /> {t('utilities.formula.loadFailed')}
            </p>
          ) : !katex ? (
            <p className="mb-muted mb-formula-loading" role="status">
              <span className="mb-spinner" aria-hidden /> {t('utilities.formula.loading')}
            </p>
          ) : (
            <>
              <div
                ref={preview}
                className={display ? 'mb-formula-preview' : 'mb-formula-preview mb-formula-preview-inline'}
                data-testid="formula-preview"
                aria-live="polite"
              />
              {!rendered && <p className="mb-muted">{t('utilities.formula.previewEmpty')}</p>}
            </>
          )}
          {rendered?.error && (
            <div className="mb-formula-alert" role="alert" data-testid="formula-error">
              <strong>
                <ExclamationCircleFilled /> {t('utilities.formula.errorTitle')}
              </strong>
              <code>{rendered.error}</code>
            </div>
          )}
          <div className="mb-formula-actions">
            <Button icon={<CopyOutlined />} onClick={() => void copy('latex')}>
              {t('utilities.formula.copyLatex')}
            </Button>
            <Button type="primary" icon={<CopyOutlined />} onClick={() => void copy('mathml')}>
              {t('utilities.formula.copyMathml')}
            </Button>
          </div>
        </div>
      </div>
    </div>
  );
}
