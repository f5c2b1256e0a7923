/** What other pages of the notebooks feature reuse (the achievement area). */
export { NotebookView } from './notebook-view.tsx';
export { CellOutputs, OutputView } from './outputs.tsx';
export { NotebookStateTags } from './state-tags.tsx';
