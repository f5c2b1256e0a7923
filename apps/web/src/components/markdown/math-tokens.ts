/**
 * Where formulas are in a user's Markdown: code first, so a `$` inside code stays literal; then
 * display math `$$…$$`, then inline math `$…$`. Tiny on purpose: MarkdownView asks it whether a text
 * needs KaTeX before downloading it.
 */
export const MATH_TOKENS = /(```[\s\S]*?```|`[^`\n]+`)|\$\$([\s\S]+?)\$\$|(?<![\\$])\$([^$\n]+?)\$(?!\d)/g;

/** Whether the text has a formula outside code. */
export function hasMath(source: string): boolean {
  for (const match of source.matchAll(MATH_TOKENS)) if (match[1] === undefined) return true;
  return false;
}
