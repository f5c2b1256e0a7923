import { Card, Result } from 'antd';
import type { ReactNode } from 'react';

/**
 * The page after a form was saved as a draft or submitted (`…/submitted/:isCommit` of demands,
 * solutions, subjects and directions): what happened, the ways on, and what comes next.
 */
export function SavedResult({
  committed,
  title,
  text,
  actions,
  stepsTitle,
  steps,
}: {
  committed: boolean;
  title: string;
  text: string;
  actions: ReactNode;
  stepsTitle: string;
  steps: readonly string[];
}) {
  return (
    <Card variant="borderless">
      <Result status={committed ? 'success' : 'info'} title={title} subTitle={text} extra={actions}>
        <h2 className="mb-section-title">{stepsTitle}</h2>
        <ol>
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </Result>
    </Card>
  );
}
