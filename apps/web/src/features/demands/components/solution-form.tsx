import { Button, Form, InputNumber } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BUDGET_MAX } from '@mathbridge/contracts/demands';
import { SOLUTION_TEXT_MAX, SolutionSaveSchema, type Solution } from '@mathbridge/contracts/solutions';
import { isApiError } from '../../../lib/api-error.ts';
import { showFormError, validateOrScroll } from '../../../lib/form-kit.ts';
import { schemaField } from '../../../lib/form-rules.ts';
import { notify } from '../../../lib/notify.ts';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes.ts';
import { solutionAttachmentTray } from '../api/attachments.ts';
import { useSaveSolution } from '../api/solutions.ts';
import { AttachmentsInput, type AttachmentValue } from './attachments-input.tsx';
import { MarkdownInput } from '../../../components/markdown/markdown-input.tsx';

const shape = SolutionSaveSchema.shape;

interface SolutionFormValues {
  approach: string;
  team: string;
  timeline: string;
  cost_estimate: number | null;
  attachments: AttachmentValue[];
}

interface Done {
  id: number;
  commit: 0 | 1;
}

/**
 * Write or edit a solution: a new one for `demandId`, or the draft `solution`. Leaving it unsaved
 * asks first; `onDone` runs once saved (`commit` 0) or submitted (1), after that guard is down.
 */
export function SolutionForm({
  demandId,
  solution,
  onDone,
}: {
  demandId: number;
  solution: Solution | null;
  onDone: (done: Done) => void;
}) {
  const { t } = useTranslation();
  const save = useSaveSolution();
  const [form] = Form.useForm<SolutionFormValues>();
  const [dirty, setDirty] = useState(false);
  const [done, setDone] = useState<Done | null>(null);
  useUnsavedChanges(dirty);
  // Navigate only after the 'dirty' flag is down, or the leave-confirmation would ask.
  useEffect(() => {
    if (done && !dirty) onDone(done);
  }, [done, dirty, onDone]);

  const run = async (commit: 0 | 1) => {
    const values = await validateOrScroll(form);
    if (!values) return;
    const payload = {
      id: solution?.id,
      demand_id: demandId,
      commit,
      approach: values.approach,
      team: values.team,
      timeline: values.timeline,
      cost_estimate: values.cost_estimate ?? Number.NaN,
      attachments: (values.attachments ?? []).map((a) => a.id),
    };
    try {
      const saved = await save.mutateAsync(payload);
      setDirty(false);
      setDone({ id: saved.id, commit });
    } catch (error) {
      // A failed submit keeps the work as a draft (unless the fields themselves are wrong).
      if (commit === 1 && !(isApiError(error) && error.fieldErrors.length > 0)) {
        const kept = await save.mutateAsync({ ...payload, commit: 0 }).catch(() => null);
        if (kept) {
          notify.error(t('demands.form.submitFailedDraftKept'));
          setDirty(false);
          setDone({ id: kept.id, commit: 0 });
          return;
        }
      }
      showFormError(form, error, {});
      if (isApiError(error) && !error.handled && error.fieldErrors.length === 0) notify.error(error.message);
    }
  };

  return (
    <Form<SolutionFormValues>
      form={form}
      layout="vertical"
      disabled={save.isPending}
      onValuesChange={() => setDirty(true)}
      initialValues={
        solution
          ? {
              approach: solution.approach,
              team: solution.team,
              timeline: solution.timeline,
              cost_estimate: solution.cost_estimate,
              attachments: solution.attachments,
            }
          : { attachments: [] }
      }
    >
      <Form.Item
        name="approach"
        label={t('demands.mySolutions.approach')}
        extra={t('demands.mySolutions.approachHelp')}
        {...schemaField(shape.approach)}
      >
        <MarkdownInput maxLength={SOLUTION_TEXT_MAX.approach} rows={10} />
      </Form.Item>
      <Form.Item
        name="team"
        label={t('demands.mySolutions.team')}
        extra={t('demands.mySolutions.teamHelp')}
        {...schemaField(shape.team)}
      >
        <MarkdownInput maxLength={SOLUTION_TEXT_MAX.team} rows={4} />
      </Form.Item>
      <Form.Item
        name="timeline"
        label={t('demands.mySolutions.timeline')}
        extra={t('demands.mySolutions.timelineHelp')}
        {...schemaField(shape.timeline)}
      >
        <MarkdownInput maxLength={SOLUTION_TEXT_MAX.timeline} rows={4} />
      </Form.Item>
      <Form.Item name="cost_estimate" label={t('demands.mySolutions.cost')} {...schemaField(shape.cost_estimate)}>
        <InputNumber min={0} max={BUDGET_MAX} precision={0} step={1000} style={{ width: 240 }} />
      </Form.Item>
      <Form.Item name="attachments" label={t('demands.solutions.attachments')}>
        <AttachmentsInput
          spaceId={solution?.space_id ?? null}
          pendingSpace={solution ? undefined : solutionAttachmentTray}
        />
      </Form.Item>
      <div className="mb-form-actions">
        <Button onClick={() => void run(0)} loading={save.isPending && save.variables?.commit === 0}>
          {t('demands.mySolutions.saveDraft')}
        </Button>
        <Button type="primary" onClick={() => void run(1)} loading={save.isPending && save.variables?.commit === 1}>
          {t('demands.mySolutions.submit')}
        </Button>
      </div>
    </Form>
  );
}
