import { Button, Card, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Survey } from '@mathbridge/contracts/identity';
import { notify } from '../../../lib/notify.ts';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes.ts';
import { useSaveSurvey } from '../api/save-survey.ts';
import { showFormError } from '../../../lib/form-kit.ts';
import { SurveyFields } from './survey-fields.tsx';

/** A certified student keeps the survey up to date (user/survey). */
export function SurveyCard({ survey }: { survey: Survey | null }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Survey>();
  const save = useSaveSurvey();
  const [dirty, setDirty] = useState(false);
  useUnsavedChanges(dirty);

  const onFinish = async (values: Survey) => {
    try {
      await save.mutateAsync(values);
      setDirty(false);
      notify.success(t('identity.form.survey.saved'));
    } catch (error) {
      showFormError(form, error, {});
    }
  };

  return (
    <Card variant="borderless" title={t('identity.form.survey.title')} className="mb-cert-section">
      <Form
        form={form}
        layout="vertical"
        initialValues={survey ?? {}}
        onValuesChange={() => setDirty(true)}
        onFinish={(v) => void onFinish(v)}
      >
        <SurveyFields />
        <Button type="primary" htmlType="submit" loading={save.isPending} disabled={!dirty}>
          {t('identity.form.survey.save')}
        </Button>
      </Form>
    </Card>
  );
}
