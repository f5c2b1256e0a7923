import { CheckOutlined, ClockCircleOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import { Progress, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckStep } from '@mathbridge/contracts/content';
import { ButtonLink } from '../../../components/button-link.tsx';
import { stepViews, type StepView } from '../lib/steps.ts';

const NOTE_ICONS: Record<NonNullable<StepView['note']>['tone'], ReactNode> = {
  info: <ClockCircleOutlined aria-hidden />,
  warning: <ExclamationCircleOutlined aria-hidden />,
  success: <CheckOutlined aria-hidden />,
};

/** The onboarding checklist: one row per step, the current one highlighted with the button that does it. */
export function Checklist({ check }: { check: CheckStep }) {
  const { t } = useTranslation();
  const steps = stepViews(check, t);
  const doneCount = check.steps.filter((step) => step.done).length;
  const total = check.steps.length || steps.length;
  return (
    <section className="mb-onboarding-checklist" aria-labelledby="mb-onboarding-steps">
      <div className="mb-onboarding-progress">
        <span id="mb-onboarding-steps">{t('onboarding.progress', { done: doneCount, total })}</span>
        <Progress
          percent={Math.round((doneCount / total) * 100)}
          showInfo={false}
          size="small"
          aria-label={t('onboarding.progressLabel')}
        />
      </div>
      <ol className="mb-onboarding-steps">
        {steps.map((step, index) => (
          <li
            key={step.key}
            className={`mb-onboarding-step mb-onboarding-step-${step.state}`}
            data-step={step.key}
            data-state={step.state}
            aria-current={step.state === 'current' ? 'step' : undefined}
          >
            <span className="mb-onboarding-marker" aria-hidden>
              {step.state === 'done' ? <CheckOutlined /> : index + 1}
            </span>
            <div className="mb-onboarding-body">
              <div className="mb-onboarding-head">
                <h2>{step.title}</h2>
                <Tag
                  className="mb-onboarding-state"
                  color={step.state === 'done' ? 'success' : step.state === 'current' ? 'processing' : 'default'}
                >
                  {t(`onboarding.states.${step.label ?? step.state}`)}
                </Tag>
              </div>
              <p className="mb-muted">{step.text}</p>
              {step.note && (
                <p className={`mb-onboarding-note mb-onboarding-note-${step.note.tone}`}>
                  {NOTE_ICONS[step.note.tone]} {step.note.text}
                </p>
              )}
              {step.action && (
                <ButtonLink
                  to={step.action.to}
                  type={step.action.primary ? 'primary' : 'default'}
                  className="mb-onboarding-action"
                >
                  {step.action.label}
                </ButtonLink>
              )}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
