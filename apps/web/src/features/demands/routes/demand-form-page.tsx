import { Alert, Button, Card, Col, DatePicker, Form, Input, InputNumber, Result, Row, Skeleton, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { DATE_SHORTCUTS } from '@mathbridge/contracts/constants';
import {
  BUDGET_MAX,
  DEMAND_TEXT_MAX,
  DemandSaveSchema,
  businessToday,
  type DemandFull,
} from '@mathbridge/contracts/demands';
import { TITLE_MAX_UNITS, wordLength } from '@mathbridge/contracts/validation';
import { isApiError } from '../../../lib/api-error.ts';
import { schemaField } from '../../../lib/form-rules.ts';
import { notify } from '../../../lib/notify.ts';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes.ts';
import { AreaCascader } from '../../../components/area-cascader.tsx';
import { payloadRule, showFormError, valueRule } from '../../../lib/form-kit.ts';
import { IndustrySelect } from '../../../components/industry-select.tsx';
import { ResearchFieldSelect } from '../../../components/research-field-select.tsx';
import { useDemand, useSaveDemand, type DemandSaveInput } from '../api/demands.ts';
import { AttachmentsInput, type AttachmentValue } from '../components/attachments-input.tsx';
import { MarkdownInput } from '../components/markdown-input.tsx';
import '../i18n/strings.ts';
import '../components/demands.css';

const BASE = '/manage/demandManage';
const shape = DemandSaveSchema.shape;

interface DemandFormValues {
  title: string;
  industry: string;
  summary: string;
  problem: string;
  expected_outcome: string;
  available_data?: string;
  budget_min: number | null;
  budget_max: number | null;
  deadline: Dayjs | null;
  area: string[];
  msc_fields: string[];
  nda_required: boolean;
  attachments: AttachmentValue[];
  contact: string;
  contact_phone: string;
}

function toValues(full: DemandFull): DemandFormValues {
  return {
    title: full.title,
    industry: full.industry,
    summary: full.summary,
    problem: full.problem,
    expected_outcome: full.expected_outcome,
    available_data: full.available_data ?? '',
    budget_min: full.budget_min,
    budget_max: full.budget_max,
    deadline: dayjs(full.deadline),
    area: full.city_code ? [full.province_code, full.city_code] : [full.province_code],
    msc_fields: full.msc_fields,
    nda_required: full.nda_required === 1,
    attachments: full.attachments.map(({ id, name, size }) => ({ id, name, size })),
    contact: full.contact,
    contact_phone: full.contact_phone,
  };
}

function toPayload(values: DemandFormValues, id: number | undefined, commit: 0 | 1): DemandSaveInput {
  return {
    id,
    commit,
    title: values.title,
    industry: values.industry,
    summary: values.summary,
    problem: values.problem,
    expected_outcome: values.expected_outcome,
    available_data: values.available_data || undefined,
    budget_min: values.budget_min ?? Number.NaN,
    budget_max: values.budget_max ?? Number.NaN,
    deadline: values.deadline ? values.deadline.format('YYYY-MM-DD') : '',
    province_code: values.area?.[0] ?? '',
    city_code: values.area?.[1],
    msc_fields: values.msc_fields ?? [],
    nda_required: values.nda_required ? 1 : 0,
    attachments: (values.attachments ?? []).map((a) => a.id),
    contact: values.contact,
    contact_phone: values.contact_phone,
  };
}

/** The API's field names → the form's controls. */
const ALIASES = { province_code: 'area', city_code: 'area' };

/**
 * /manage/demandManage/demandForm/:demand_id — 'new' creates, an id edits a draft or rejected
 * demand. Attachments go into the demand's own space, so they can be added once it was saved.
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
  const presets = useMemo(
    () =>
      DATE_SHORTCUTS.map((s) => ({
        label: t(`demands.form.datePresets.${s.key}`),
        value: dayjs().add(s.months, 'month'),
      })),
    [t],
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
    let values: DemandFormValues;
    try {
      values = await form.validateFields();
    } catch {
      form.scrollToField(form.getFieldsError().find((f) => f.errors.length)?.name ?? [], {
        behavior: 'smooth',
        block: 'center',
      });
      return;
    }
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
        <Card variant="borderless" title={t('demands.form.sections.basics')} style={{ marginBottom: 16 }}>
          <Form.Item
            name="title"
            label={t('demands.form.title')}
            extra={t('demands.form.titleHelp')}
            {...schemaField(shape.title)}
          >
            <Input
              placeholder={t('demands.form.placeholders.title')}
              count={{ show: true, max: TITLE_MAX_UNITS, strategy: wordLength }}
            />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="industry" label={t('demands.form.industry')} {...schemaField(shape.industry)}>
                <IndustrySelect />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="msc_fields" label={t('demands.form.mscFields')} {...schemaField(shape.msc_fields)}>
                <ResearchFieldSelect />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item
            name="summary"
            label={t('demands.form.summary')}
            extra={t('demands.form.summaryHelp')}
            {...schemaField(shape.summary)}
          >
            <Input.TextArea rows={3} maxLength={DEMAND_TEXT_MAX.summary} showCount />
          </Form.Item>
        </Card>
        <Card
          variant="borderless"
          title={t('demands.form.sections.problem')}
          extra={<span className="mb-muted">{t('demands.form.markdownHelp')}</span>}
          style={{ marginBottom: 16 }}
        >
          <Form.Item name="problem" label={t('demands.form.problem')} {...schemaField(shape.problem)}>
            <MarkdownInput maxLength={DEMAND_TEXT_MAX.problem} rows={10} />
          </Form.Item>
          <Form.Item
            name="expected_outcome"
            label={t('demands.form.expectedOutcome')}
            {...schemaField(shape.expected_outcome)}
          >
            <MarkdownInput maxLength={DEMAND_TEXT_MAX.expected_outcome} rows={6} />
          </Form.Item>
          <Form.Item
            name="available_data"
            label={t('demands.form.availableData')}
            extra={t('demands.form.availableDataHelp')}
            {...schemaField(shape.available_data)}
          >
            <Input.TextArea rows={3} maxLength={DEMAND_TEXT_MAX.available_data} showCount />
          </Form.Item>
        </Card>
        <Card variant="borderless" title={t('demands.form.sections.terms')} style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            <Col xs={24} md={6}>
              <Form.Item name="budget_min" label={t('demands.form.budgetMin')} {...schemaField(shape.budget_min)}>
                <InputNumber min={0} max={BUDGET_MAX} precision={0} step={1000} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item
                name="budget_max"
                label={t('demands.form.budgetMax')}
                dependencies={['budget_min']}
                required
                rules={[
                  ...(schemaField(shape.budget_max).rules ?? []),
                  payloadRule(DemandSaveSchema, () => toPayload(form.getFieldsValue(true) as DemandFormValues, id, 0), [
                    'budget_max',
                  ]),
                ]}
              >
                <InputNumber min={0} max={BUDGET_MAX} precision={0} step={1000} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item
                name="deadline"
                label={t('demands.form.deadline')}
                required
                rules={[
                  valueRule(shape.deadline, (value) => (dayjs.isDayjs(value) ? value.format('YYYY-MM-DD') : undefined)),
                ]}
              >
                <DatePicker
                  presets={presets}
                  disabledDate={(day) => day.format('YYYY-MM-DD') <= businessToday()}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item
                name="area"
                label={t('demands.form.region')}
                required
                rules={[
                  valueRule(shape.province_code, (value) => (Array.isArray(value) && value[0] ? value[0] : undefined)),
                ]}
              >
                <AreaCascader />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <Card variant="borderless" title={t('demands.form.sections.confidentiality')} style={{ marginBottom: 16 }}>
          <Form.Item
            name="nda_required"
            label={t('demands.form.ndaRequired')}
            valuePropName="checked"
            extra={t('demands.form.ndaHelp')}
          >
            <Switch />
          </Form.Item>
        </Card>
        <Card variant="borderless" title={t('demands.form.sections.attachments')} style={{ marginBottom: 16 }}>
          <Form.Item name="attachments" noStyle>
            <AttachmentsInput spaceId={full?.space_id ?? null} />
          </Form.Item>
        </Card>
        <Card variant="borderless" title={t('demands.form.sections.contact')} style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="contact" label={t('demands.form.contact')} {...schemaField(shape.contact)}>
                <Input placeholder={t('demands.form.placeholders.contact')} autoComplete="name" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="contact_phone"
                label={t('demands.form.contactPhone')}
                {...schemaField(shape.contact_phone)}
              >
                <Input placeholder={t('demands.form.placeholders.contactPhone')} autoComplete="tel" />
              </Form.Item>
            </Col>
          </Row>
        </Card>
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
