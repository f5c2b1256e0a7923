// Placeholder until the page is built (issue 11).
export { default } from '../../../components/coming-soon-page.tsx';
