import { Button, Card, Form, InputNumber } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BUDGET_MAX } from '@mathbridge/contracts/demands';
import { SOLUTION_TEXT_MAX, SolutionSaveSchema, type Solution } from '@mathbridge/contracts/solutions';
import { isApiError } from '../../../lib/api-error.ts';
import { showFormError } from '../../../lib/form-kit.ts';
import { schemaField } from '../../../lib/form-rules.ts';
import { notify } from '../../../lib/notify.ts';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes.ts';
import { useDemand } from '../api/demands.ts';
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

/** Write or edit a solution: a new one for `demandId`, or the draft `solution`. */
export function SolutionForm({
  demandId,
  solution,
  onDone,
}: {
  demandId: number;
  solution: Solution | null;
  onDone: (id: number) => void;
}) {
  const { t } = useTranslation();
  const demand = useDemand(demandId);
  const save = useSaveSolution();
  const [form] = Form.useForm<SolutionFormValues>();
  const [dirty, setDirty] = useState(false);
  const [doneId, setDoneId] = useState<number | null>(null);
  useUnsavedChanges(dirty);
  useEffect(() => {
    if (doneId !== null && !dirty) onDone(doneId);
  }, [doneId, dirty, onDone]);

  const run = async (commit: 0 | 1) => {
    const values = await form.validateFields().catch(() => null);
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
      notify.success(commit ? t('demands.mySolutions.submitted') : t('demands.mySolutions.saved'));
      setDirty(false);
      setDoneId(saved.id);
    } catch (error) {
      // A failed submit keeps the work as a draft (unless the fields themselves are wrong).
      if (commit === 1 && !(isApiError(error) && error.fieldErrors.length > 0)) {
        const kept = await save.mutateAsync({ ...payload, commit: 0 }).catch(() => null);
        if (kept) {
          notify.error(t('demands.form.submitFailedDraftKept'));
          setDirty(false);
          setDoneId(kept.id);
          return;
        }
      }
      showFormError(form, error, {});
      if (isApiError(error) && !error.handled && error.fieldErrors.length === 0) notify.error(error.message);
    }
  };

  return (
    <Card
      variant="borderless"
      title={solution ? t('demands.mySolutions.editTitle') : t('demands.mySolutions.createTitle')}
      extra={
        demand.data ? (
          <Link to={`/manage/demandManageRI/detail/${demandId}`}>
            {t('demands.mySolutions.forDemand', { title: demand.data.demand.title })}
          </Link>
        ) : null
      }
    >
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
    </Card>
  );
}
