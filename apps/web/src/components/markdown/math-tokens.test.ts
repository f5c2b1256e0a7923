import { describe, expect, it } from 'vitest';
import { hasMath } from './math-tokens.ts';

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

  it('answers the same on every call (the shared global regex keeps no state)', () => {
    const text = 'one $x$ formula';
    expect([hasMath(text), hasMath(text), hasMath(text)]).toEqual([true, true, true]);
  });
});
