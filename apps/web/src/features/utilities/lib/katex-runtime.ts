import katex from 'katex';
import 'katex/dist/katex.min.css';

/**
 * KaTeX and its stylesheet, imported only through `loadKatex` so that they stay out of the public
 * first load (DESIGN §8): the formula editor asks for them once it is on screen.
 */
export { katex };
