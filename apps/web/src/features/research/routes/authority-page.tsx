// Placeholder until the screen lands (issue 10 in progress).
export { default } from '../../../components/coming-soon-page.tsx';
