/** Text that does not cross a blank line: like MathJax in Jupyter, a formula stays in its paragraph. */
const IN_PARAGRAPH = String.raw`(?:[^\n]|\n(?![ \t]*\n))+?`;

/**
 * Where formulas are in a user's Markdown, with the delimiters Jupyter (MathJax) knows: display math
 * `$$…$$`, `\[…\]` and a bare `\begin{env}…\end{env}`; inline math `$…$` and `\(…\)`. Jupyter's own
 * renderer wants the backslash doubled (`\\(…\\)`, what Markdown turns into `\(…\)`), other notebook
 * front ends take it single, so both count, each closed by its own form. Code comes first, so
 * nothing inside a fenced block or a code span is math; a delimiter after a further backslash
 * (`\\\(`) is text. Tiny on purpose: MarkdownView asks it whether a text needs KaTeX before
 * downloading it. Groups: `code`; `display`, `bracket`, `name` (an environment's: display); `inline`, `paren` (inline).
 */
export const MATH_TOKENS = new RegExp(
  [
    // A fence (``` or ~~~, its info string without backticks) up to its closing fence, or to the end.
    String.raw`(?<code>^[ \t]*(?<fence>\`{3,}|~{3,})[^\`\n]*\n[\s\S]*?(?:^[ \t]*\k<fence>[\`~]*[ \t]*$|(?![\s\S]))`,
    // A code span: a run of backticks closed by a run as long, within one paragraph.
    String.raw`(?<![\\\`])(?<ticks>\`+)(?!\`)${IN_PARAGRAPH}(?<!\`)\k<ticks>(?!\`))`,
    String.raw`\$\$(?<display>[\s\S]+?)\$\$`,
    String.raw`(?<!\\)(?<bs1>\\?)\\\[(?<bracket>${IN_PARAGRAPH})\k<bs1>\\\]`,
    String.raw`(?<!\\)\\begin\{(?<name>[a-zA-Z]+\*?)\}${IN_PARAGRAPH}\\end\{\k<name>\}`,
    String.raw`(?<!\\)(?<bs2>\\?)\\\((?<paren>${IN_PARAGRAPH})\k<bs2>\\\)`,
    String.raw`(?<![\\$])\$(?<inline>[^$\n]+?)\$(?!\d)`,
  ].join('|'),
  'gm',
);

/** One formula found by MATH_TOKENS: the TeX KaTeX gets, and whether it is display math. */
export interface MathToken {
  tex: string;
  display: boolean;
}

/** The formula a MATH_TOKENS match stands for, or null for code. */
export function mathToken(match: string, groups: Record<string, string | undefined>): MathToken | null {
  if (groups.code !== undefined) return null;
  // KaTeX reads a whole environment as display math, as MathJax does outside `$$`.
  if (groups.name !== undefined) return { tex: match, display: true };
  const display = groups.display ?? groups.bracket;
  if (display !== undefined) return { tex: display, display: true };
  return { tex: groups.paren ?? groups.inline ?? '', display: false };
}

/** Whether the text has a formula outside code. */
export function hasMath(source: string): boolean {
  for (const match of source.matchAll(MATH_TOKENS)) if (match.groups?.code === undefined) return true;
  return false;
}
