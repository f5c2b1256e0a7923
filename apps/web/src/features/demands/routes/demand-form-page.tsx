import { Alert, Button, Form, Result, Skeleton } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../lib/api-error.ts';
import { showFormError, validateOrScroll } from '../../../lib/form-kit.ts';
import { notify } from '../../../lib/notify.ts';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes.ts';
import { useDemand, useSaveDemand } from '../api/demands.ts';
import { DemandFormFields } from '../components/demand-form-fields.tsx';
import { ALIASES, toPayload, toValues, type DemandFormValues } from '../components/demand-form-values.ts';
import '../components/demands.css';

const BASE = '/manage/demandManage';

/**
 * /manage/demandManage/demandForm/:demand_id — 'new' creates, an id edits a draft or rejected
 * demand. Attachments go into the demand's own space; a new demand's wait in the author's tray
 * (demand/attachmentSpace), which its first save adopts, so they are added in the same pass.
 */
export default function DemandFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { demand_id: param } = useParams();
  const id = param && param !== 'new' && /^\d+$/.test(param) ? Number(param) : undefined;
  const existing = useDemand(id);
  const save = useSaveDemand();
  const [form] = Form.useForm<DemandFormValues>();
  const [dirty, setDirty] = useState(false);
  const [leaveTo, setLeaveTo] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  useUnsavedChanges(dirty);

  // Navigate only after the 'dirty' flag is down, or the leave-confirmation would ask.
  useEffect(() => {
    if (leaveTo && !dirty) navigate(leaveTo);
  }, [leaveTo, dirty, navigate]);

  const full = existing.data?.full ?? null;
  const initialValues = useMemo<Partial<DemandFormValues>>(
    () => (full ? toValues(full) : { nda_required: false, attachments: [], msc_fields: [] }),
    [full],
  );

  if (id !== undefined && existing.isPending) return <Skeleton active />;
  if (id !== undefined && (existing.isError || !full)) {
    return (
      <Result
        status="404"
        title={t('demands.detail.notFound')}
        extra={<Button onClick={() => navigate(`${BASE}/list`)}>{t('demands.submitted.toList')}</Button>}
      />
    );
  }
  const editable = id === undefined || existing.data?.can.edit === true;

  const run = async (commit: 0 | 1) => {
    const values = await validateOrScroll(form);
    if (!values) return;
    setNotice(null);
    try {
      const detail = await save.mutateAsync(toPayload(values, id, commit));
      setDirty(false);
      setLeaveTo(`${BASE}/submitted/${commit}?id=${detail.demand.id}`);
    } catch (error) {
      // Spec: a draft is never lost. When submitting failed for another reason than the fields,
      // keep what was written as a draft.
      if (commit === 1 && !(isApiError(error) && error.fieldErrors.length > 0)) {
        try {
          const detail = await save.mutateAsync(toPayload(values, id, 0));
          setDirty(false);
          setNotice(t('demands.form.submitFailedDraftKept'));
          if (id === undefined) setLeaveTo(`${BASE}/demandForm/${detail.demand.id}`);
          return;
        } catch {
          // Fall through: show the first failure.
        }
      }
      showFormError(form, error, ALIASES);
      if (isApiError(error) && !error.handled && error.fieldErrors.length === 0) notify.error(error.message);
    }
  };

  return (
    <>
      <header className="mb-page-header">
        <h1>{id === undefined ? t('demands.form.createTitle') : t('demands.form.editTitle')}</h1>
        <span className="mb-muted">{t('demands.form.subtitle')}</span>
      </header>
      {!editable && (
        <Alert type="warning" showIcon title={t('demands.form.notEditable')} style={{ marginBottom: 16 }} />
      )}
      {notice && <Alert type="warning" showIcon title={notice} style={{ marginBottom: 16 }} closable />}
      {existing.data?.full?.reject_reason && existing.data.demand.status === 'rejected' && (
        <Alert
          type="error"
          showIcon
          title={t('demands.detail.rejectReason')}
          description={existing.data.full.reject_reason}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form<DemandFormValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={() => setDirty(true)}
        disabled={!editable || save.isPending}
        scrollToFirstError
        requiredMark
      >
        <DemandFormFields id={id} spaceId={full?.space_id ?? null} />
        <div className="mb-form-actions">
          <Button
            onClick={() => void run(0)}
            loading={save.isPending && save.variables?.commit === 0}
            disabled={!editable}
          >
            {t('demands.form.saveDraft')}
          </Button>
          <Button
            type="primary"
            onClick={() => void run(1)}
            loading={save.isPending && save.variables?.commit === 1}
            disabled={!editable}
          >
            {t('demands.form.submit')}
          </Button>
        </div>
      </Form>
    </>
  );
}
