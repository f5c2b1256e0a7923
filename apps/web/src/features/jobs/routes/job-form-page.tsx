import { Button, Card, Col, Form, Input, InputNumber, Result, Row, Select, Skeleton, Switch } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { BUDGET_MAX } from '@mathbridge/contracts/demands';
import {
  EDUCATION_DEGREES,
  EMPLOYMENT_TYPES,
  EXPERIENCE_LEVELS,
  HEADCOUNT_MAX,
  JOB_DESCRIPTION_MAX,
  JobSaveSchema,
} from '@mathbridge/contracts/jobs';
import { LONG_TITLE_MAX_UNITS } from '@mathbridge/contracts/validation';
import { AreaCascader } from '../../../components/area-cascader.tsx';
import { DeadlinePicker } from '../../../components/deadline-picker.tsx';
import { MarkdownInput } from '../../../components/markdown/markdown-input.tsx';
import { payloadRule, showFormError, areaRule, dayRule, validateOrScroll } from '../../../lib/form-kit.ts';
import { preloadValidation, schemaField } from '../../../lib/form-rules.ts';
import { notify } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes.ts';
import { useJobDetail, useMoveJob, useSaveJob } from '../api/jobs.ts';
import { ALIASES, toPayload, toValues, type JobFormValues } from '../components/job-form-values.ts';
import '../components/jobs.css';
import { TitleInput, titleHint } from '../../../components/title-input.tsx';

const BASE = '/manage/employment';
const shape = JobSaveSchema.shape;
const MOBILE = /^1[3-9]\d{9}$/;

/**
 * /manage/employment/form/:jobs_id — 'new' creates a draft, an id edits the organisation's job.
 * Every field is checked with the contracts rule the server applies (JobSaveSchema); a draft can
 * be saved or published from here, a published job is saved and stays published.
 */
export default function JobFormPage() {
  const { jobs_id: param } = useParams();
  const id = param && param !== 'new' && /^\d+$/.test(param) ? Number(param) : undefined;
  const existing = useJobDetail(id);
  const { t } = useTranslation();
  const navigate = useNavigate();

  if (param !== 'new' && id === undefined) return <NotFound onBack={() => navigate(`${BASE}/list`)} />;
  if (id !== undefined) {
    if (existing.isPending) return <Skeleton active />;
    if (!existing.data?.can.edit) return <NotFound onBack={() => navigate(`${BASE}/list`)} />;
  }
  const detail = id !== undefined ? existing.data : undefined;
  return (
    <>
      <header className="mb-page-header">
        <h1>{detail ? t('jobs.form.editTitle') : t('jobs.form.createTitle')}</h1>
        <span className="mb-muted">{t('jobs.form.subtitle')}</span>
      </header>
      <JobForm
        key={detail?.job.id ?? 'new'}
        id={id}
        initial={detail ? toValues(detail.job) : undefined}
        published={detail?.job.status === 'published'}
        canPublish={!detail || detail.can.publish}
      />
    </>
  );
}

function NotFound({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={t('jobs.form.notFound')}
      extra={<Button onClick={onBack}>{t('jobs.detail.toList')}</Button>}
    />
  );
}

function JobForm({
  id,
  initial,
  published,
  canPublish,
}: {
  id: number | undefined;
  initial: JobFormValues | undefined;
  published: boolean;
  canPublish: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveJob();
  const move = useMoveJob();
  const info = useSession((s) => s.profile?.info);
  const [form] = Form.useForm<JobFormValues>();
  const negotiable = Form.useWatch('negotiable', form) === true;
  const [dirty, setDirty] = useState(false);
  const [leaveTo, setLeaveTo] = useState<string | null>(null);
  useUnsavedChanges(dirty);

  // Navigate only once 'dirty' is down, or the leave-confirmation would ask.
  useEffect(() => {
    if (leaveTo && !dirty) navigate(leaveTo);
  }, [leaveTo, dirty, navigate]);

  const initialValues = useMemo<JobFormValues>(() => {
    if (initial) return initial;
    const phone = [info?.contact_phone, info?.phone].find((value) => value && MOBILE.test(value));
    return {
      negotiable: false,
      headcount: 1,
      contact: info?.contact || info?.truename || undefined,
      contact_phone: phone ?? undefined,
    };
  }, [initial, info]);

  const payload = () => toPayload(form.getFieldsValue(true) as JobFormValues, id);

  const run = async (publish: boolean) => {
    const values = await validateOrScroll(form);
    if (!values) return;
    try {
      const saved = await save.mutateAsync(toPayload(values, id));
      setDirty(false);
      if (publish && saved.job.status === 'draft') {
        await move.mutateAsync({ id: saved.job.id, move: 'publish' });
        notify.success(t('jobs.form.publishedOk'));
      } else notify.success(t('jobs.form.saved'));
      setLeaveTo(`${BASE}/detail/${saved.job.id}`);
    } catch (error) {
      showFormError(form, error, ALIASES);
    }
  };
  const busy = save.isPending || move.isPending;

  return (
    <Form<JobFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onValuesChange={() => setDirty(true)}
      onFocus={preloadValidation}
      disabled={busy}
      data-testid="job-form"
    >
      <Card variant="borderless" title={t('jobs.form.sections.job')} style={{ marginBottom: 16 }}>
        <Form.Item
          name="title"
          label={t('jobs.form.title')}
          extra={titleHint(t, LONG_TITLE_MAX_UNITS)}
          {...schemaField(shape.title)}
        >
          <TitleInput maxUnits={LONG_TITLE_MAX_UNITS} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="employment_type" label={t('jobs.form.type')} {...schemaField(shape.employment_type)}>
              <Select
                placeholder={t('common.select')}
                options={EMPLOYMENT_TYPES.map((code) => ({ value: code, label: t(`employmentTypes.${code}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="experience" label={t('jobs.form.experience')} {...schemaField(shape.experience)}>
              <Select
                placeholder={t('common.select')}
                options={EXPERIENCE_LEVELS.map((code) => ({ value: code, label: t(`experienceLevels.${code}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="degree" label={t('jobs.form.degree')}>
              <Select
                allowClear
                placeholder={t('jobs.form.degreePlaceholder')}
                options={EDUCATION_DEGREES.map((degree) => ({ value: degree, label: t(`jobDegrees.${degree}`) }))}
              />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="area" label={t('jobs.form.region')} required rules={[areaRule(shape.province_code)]}>
              <AreaCascader />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="headcount" label={t('jobs.form.headcount')} {...schemaField(shape.headcount)}>
              <InputNumber min={1} max={HEADCOUNT_MAX} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="deadline" label={t('jobs.form.deadline')} required rules={[dayRule(shape.deadline)]}>
              <DeadlinePicker />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card variant="borderless" title={t('jobs.form.sections.terms')} style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={6}>
            <Form.Item name="negotiable" label={t('jobs.form.negotiable')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={12} md={9}>
            <Form.Item
              name="salary_min"
              label={t('jobs.form.salaryMin')}
              dependencies={['negotiable']}
              required={!negotiable}
              rules={[payloadRule(JobSaveSchema, payload, ['salary_min'])]}
            >
              <InputNumber
                min={0}
                max={BUDGET_MAX}
                precision={0}
                step={1000}
                disabled={negotiable}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={9}>
            <Form.Item
              name="salary_max"
              label={t('jobs.form.salaryMax')}
              dependencies={['negotiable', 'salary_min']}
              required={!negotiable}
              rules={[payloadRule(JobSaveSchema, payload, ['salary_max'])]}
            >
              <InputNumber
                min={0}
                max={BUDGET_MAX}
                precision={0}
                step={1000}
                disabled={negotiable}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card
        variant="borderless"
        title={t('jobs.form.sections.description')}
        extra={<span className="mb-muted mb-job-card-extra">{t('jobs.form.descriptionHelp')}</span>}
        style={{ marginBottom: 16 }}
      >
        <Form.Item name="description" label={t('jobs.form.description')} {...schemaField(shape.description)}>
          <MarkdownInput maxLength={JOB_DESCRIPTION_MAX} rows={10} />
        </Form.Item>
      </Card>
      <Card variant="borderless" title={t('jobs.form.sections.contact')} style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="contact" label={t('jobs.form.contact')} {...schemaField(shape.contact)}>
              <Input autoComplete="name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="contact_phone" label={t('jobs.form.contactPhone')} {...schemaField(shape.contact_phone)}>
              <Input autoComplete="tel" inputMode="tel" />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <div className="mb-job-form-actions">
        <Button onClick={() => navigate(id ? `${BASE}/detail/${id}` : `${BASE}/list`)}>{t('jobs.form.cancel')}</Button>
        <Button
          type={published ? 'primary' : 'default'}
          onClick={() => void run(false)}
          loading={save.isPending && !move.isPending}
          data-testid="job-save"
        >
          {published ? t('jobs.form.save') : t('jobs.form.saveDraft')}
        </Button>
        {!published && canPublish && (
          <Button type="primary" onClick={() => void run(true)} loading={busy} data-testid="job-publish">
            {t('jobs.form.publish')}
          </Button>
        )}
      </div>
    </Form>
  );
}
