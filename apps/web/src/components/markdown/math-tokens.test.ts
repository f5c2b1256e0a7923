import { describe, expect, it } from 'vitest';
import { MATH_TOKENS, hasMath, mathToken } from './math-tokens.ts';

/** The formulas MATH_TOKENS finds, as renderMarkdown reads them. */
const formulas = (source: string) =>
  [...source.matchAll(MATH_TOKENS)].flatMap((match) => {
    const token = mathToken(match[0], match.groups ?? {});
    return token ? [token] : [];
  });

/** MarkdownView downloads KaTeX only when hasMath says the text needs it. */
describe('hasMath', () => {
  it('finds inline and display formulas', () => {
    expect(hasMath('the area is $\\pi r^2$.')).toBe(true);
    expect(hasMath('$$\n\\int_0^1 x\\,dx\n$$')).toBe(true);
  });

  it('ignores dollars in code and prices', () => {
    expect(hasMath('plain text, no formulas')).toBe(false);
    expect(hasMath('`echo $HOME` and ```\nlet a = $b$;\n```')).toBe(false);
    expect(hasMath('costs $5 and $6')).toBe(false);
  });

  it('finds the formulas Jupyter finds: \\(…\\), \\[…\\] and a bare environment, single or doubled backslash', () => {
    expect(hasMath(String.raw`solve \(f(x) = 0\) for x`)).toBe(true);
    expect(hasMath(String.raw`the tangent line \[ y = f'(a)(x - a) \]`)).toBe(true);
    expect(hasMath(String.raw`as Jupyter writes it: \\(x_k\\)`)).toBe(true);
    expect(hasMath('\\begin{align}\na &= b \\\\\nc &= d\n\\end{align}')).toBe(true);
  });

  it('finds none inside code spans, fenced blocks of backticks or tildes, or after an escaped backslash', () => {
    expect(hasMath(String.raw`in Python, ${'`'}r"\(x\)"${'`'} is a string`)).toBe(false);
    expect(hasMath('``a ` \\(x\\) ``')).toBe(false);
    expect(hasMath('```latex\n\\[ x \\]\n$y$\n```')).toBe(false);
    expect(hasMath('~~~\n\\(x\\)\n~~~')).toBe(false);
    expect(hasMath('   ```\n   indented fence in a list \\(x\\)\n   ```')).toBe(false);
    // An unclosed fence runs to the end of the cell, as in CommonMark.
    expect(hasMath('```\n\\(x\\)')).toBe(false);
    // Markdown's `\\` is a backslash: `\\\(` is a backslash and a parenthesis, not a delimiter.
    expect(hasMath(String.raw`a path C:\\\(x\)`)).toBe(false);
    // A formula does not cross a blank line (MathJax in Jupyter does not either).
    expect(hasMath('\\(x\n\ny\\)')).toBe(false);
  });

  it('answers the same on every call (the shared global regex keeps no state)', () => {
    const text = 'one $x$ formula';
    expect([hasMath(text), hasMath(text), hasMath(text)]).toEqual([true, true, true]);
  });
});

describe('mathToken', () => {
  it('gives KaTeX the formula between the delimiters, inline or display as its delimiters say', () => {
    expect(formulas(String.raw`\(a\) \\(b\\) $c$ \[d\] \\[e\\] $$f$$`)).toEqual([
      { tex: 'a', display: false },
      { tex: 'b', display: false },
      { tex: 'c', display: false },
      { tex: 'd', display: true },
      { tex: 'e', display: true },
      { tex: 'f', display: true },
    ]);
    expect(formulas('\\begin{equation*}\nE = mc^2\n\\end{equation*}')).toEqual([
      { tex: '\\begin{equation*}\nE = mc^2\n\\end{equation*}', display: true },
    ]);
  });

  it('closes each delimiter with its own form and reads a formula inside code as code', () => {
    // `\\(` is closed by `\\)`, not by the `\)` of a formula that follows.
    expect(formulas(String.raw`\\(a\) and \(b\)`)).toEqual([{ tex: 'b', display: false }]);
    expect(formulas('`$x$` then $y$')).toEqual([{ tex: 'y', display: false }]);
  });
});
