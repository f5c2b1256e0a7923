import { Button, Card, Col, Form, Input, Radio, Row, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AFTER_GRADUATION,
  MAX_CERTIFICATE_IMAGES,
  SpecialistAuthSchema,
  StudentAuthSchema,
  SurveySchema,
  TIME_INVESTMENT,
  type CertificateFile,
  type CertificationData,
  type SpecialistAuth,
  type StudentAuth,
  type Survey,
} from '@mathbridge/contracts/identity';
import { MAX_RESEARCH_FIELDS } from '@mathbridge/contracts/msc';
import { EDUCATION_DEGREES } from '@mathbridge/contracts/roles';
import { schemaField } from '../../../lib/form-rules.ts';
import { notify } from '../../../lib/notify.ts';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes.ts';
import { useSubmitCertification } from '../api/submit-certification.ts';
import { CertificateUpload } from './certificate-upload.tsx';
import { isRequired, payloadRule, showFormError, valueRule } from '../../../lib/form-kit.ts';
import { InstitutionInput, type InstitutionValue } from './institution-input.tsx';
import { ResearchFieldSelect } from '../../../components/research-field-select.tsx';

/** People certify with this form; teachers (a hidden identity) use the specialist's. */
export type PersonRole = 'Specialist' | 'Student' | 'Teacher';

interface PersonValues {
  truename?: string;
  idNumber?: string;
  degree?: string;
  institution?: InstitutionValue;
  position?: string;
  employeeNumber?: string;
  studentNumber?: string;
  supervisor?: string;
  research_fields?: string[];
  certificates?: CertificateFile[];
  survey?: Partial<Survey>;
}

const ALIASES = { institution_org_id: 'institution', certificate_ids: 'certificates' };

function payloadOf(role: PersonRole, values: PersonValues): Record<string, unknown> {
  const { institution, certificates, survey, position, employeeNumber, studentNumber, supervisor, ...rest } = values;
  const common = {
    ...rest,
    institution: institution?.name,
    institution_org_id: institution?.org_id,
    certificate_ids: certificates?.map((file) => file.id),
  };
  if (role === 'Student') return { ...common, studentNumber, supervisor, survey: survey ?? {} };
  return { ...common, position, employeeNumber };
}

function valuesOf(
  data: Partial<SpecialistAuth & StudentAuth> | null,
  files: CertificateFile[],
  survey: Survey | null,
): PersonValues {
  const base: PersonValues = survey ? { survey } : {};
  if (!data) return base;
  const ids = data.certificate_ids ?? [];
  return {
    ...base,
    truename: data.truename,
    idNumber: data.idNumber,
    degree: data.degree,
    institution:
      data.institution || data.institution_org_id
        ? { name: data.institution ?? '', org_id: data.institution_org_id }
        : undefined,
    position: data.position,
    employeeNumber: data.employeeNumber,
    studentNumber: data.studentNumber,
    supervisor: data.supervisor,
    research_fields: data.research_fields,
    certificates: files.filter((file) => ids.includes(file.id)),
    ...(data.survey ? { survey: data.survey } : {}),
  };
}

interface PersonFormProps {
  role: PersonRole;
  initial: CertificationData | Record<string, never> | null;
  initialFiles: CertificateFile[];
  survey: Survey | null;
  resubmit: boolean;
  onSubmitted: () => void;
}

/** The specialist / student certification form (user/specialistAuth, user/studentAuth). */
export function PersonForm({ role, initial, initialFiles, survey, resubmit, onSubmitted }: PersonFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PersonValues>();
  const submit = useSubmitCertification();
  const [dirty, setDirty] = useState(false);
  useUnsavedChanges(dirty);
  const student = role === 'Student';
  const schema = student ? StudentAuthSchema : SpecialistAuthSchema;
  const certificateRole = student ? 'Student' : 'Specialist';
  const current = () => payloadOf(role, form.getFieldsValue(true) as PersonValues);
  const certificatesSchema = student
    ? StudentAuthSchema.shape.certificate_ids
    : SpecialistAuthSchema.shape.certificate_ids;

  const onFinish = async (values: PersonValues) => {
    try {
      await submit.mutateAsync({ role, data: payloadOf(role, values) as unknown as CertificationData });
      setDirty(false);
      notify.success(t('identity.form.submitted'));
      onSubmitted();
    } catch (error) {
      showFormError(form, error, ALIASES);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={valuesOf(initial as Partial<SpecialistAuth & StudentAuth> | null, initialFiles, survey)}
      onValuesChange={() => setDirty(true)}
      onFinish={(values) => void onFinish(values)}
      scrollToFirstError={{ behavior: 'smooth', block: 'center' }}
      className="mb-cert-form"
    >
      <Card variant="borderless" title={t('identity.form.sectionPerson')} className="mb-cert-section">
        <Row gutter={24}>
          <Col xs={24} lg={12}>
            <Form.Item name="truename" label={t('identity.form.truename')} {...schemaField(schema.shape.truename)}>
              <Input maxLength={30} autoComplete="name" />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item
              name="idNumber"
              label={t('identity.form.idNumber')}
              extra={t('identity.form.idNumberHint')}
              {...schemaField(schema.shape.idNumber)}
            >
              <Input maxLength={18} autoComplete="off" spellCheck={false} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="degree" label={t('identity.form.degree')} {...schemaField(schema.shape.degree)}>
              <Radio.Group
                optionType="button"
                options={EDUCATION_DEGREES.map((degree) => ({
                  value: degree,
                  label: t(`identity.form.degrees.${degree}`),
                }))}
              />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Card
        variant="borderless"
        title={t(student ? 'identity.form.sectionStudy' : 'identity.form.sectionWork')}
        className="mb-cert-section"
      >
        <Row gutter={24}>
          <Col xs={24} lg={12}>
            <Form.Item
              name="institution"
              label={t('identity.form.institution')}
              extra={t('identity.form.institutionHint')}
              required
              rules={[payloadRule(schema, current, ['institution', 'institution_org_id'])]}
            >
              <InstitutionInput />
            </Form.Item>
          </Col>
          {student ? (
            <>
              <Col xs={24} lg={12}>
                <Form.Item
                  name="studentNumber"
                  label={t('identity.form.studentNumber')}
                  {...schemaField(StudentAuthSchema.shape.studentNumber)}
                >
                  <Input maxLength={30} />
                </Form.Item>
              </Col>
              <Col xs={24} lg={12}>
                <Form.Item
                  name="supervisor"
                  label={t('identity.form.supervisor')}
                  {...schemaField(StudentAuthSchema.shape.supervisor)}
                >
                  <Input maxLength={30} />
                </Form.Item>
              </Col>
            </>
          ) : (
            <>
              <Col xs={24} lg={12}>
                <Form.Item
                  name="position"
                  label={t('identity.form.position')}
                  {...schemaField(SpecialistAuthSchema.shape.position)}
                >
                  <Input maxLength={50} autoComplete="organization-title" />
                </Form.Item>
              </Col>
              <Col xs={24} lg={12}>
                <Form.Item
                  name="employeeNumber"
                  label={t('identity.form.employeeNumber')}
                  {...schemaField(SpecialistAuthSchema.shape.employeeNumber)}
                >
                  <Input maxLength={30} />
                </Form.Item>
              </Col>
            </>
          )}
          <Col xs={24} lg={12}>
            <Form.Item
              name="research_fields"
              label={t('identity.form.researchFields')}
              extra={t('identity.form.researchFieldsHint', { max: MAX_RESEARCH_FIELDS })}
              {...schemaField(schema.shape.research_fields)}
            >
              <ResearchFieldSelect />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      {student && (
        <Card variant="borderless" title={t('identity.form.sectionSurvey')} className="mb-cert-section">
          <SurveyFields prefix={['survey']} />
        </Card>
      )}

      <Card variant="borderless" title={t('identity.form.sectionCertificates')} className="mb-cert-section">
        <Form.Item
          name="certificates"
          label={t(`identity.form.certificates.${certificateRole}`)}
          required={isRequired(certificatesSchema)}
          rules={[
            valueRule(certificatesSchema, (value) => (value as CertificateFile[] | undefined)?.map((file) => file.id)),
          ]}
        >
          <CertificateUpload max={MAX_CERTIFICATE_IMAGES} />
        </Form.Item>
      </Card>

      <div className="mb-cert-actions">
        <Button type="primary" htmlType="submit" size="large" loading={submit.isPending}>
          {resubmit ? t('identity.form.resubmit') : t('identity.form.submit')}
        </Button>
      </div>
    </Form>
  );
}

/** The student survey (spec §3: direction, after graduation, plans, time investment). */
export function SurveyFields({ prefix = [] }: { prefix?: string[] }) {
  const { t } = useTranslation();
  const { shape } = SurveySchema;
  return (
    <Row gutter={24}>
      <Col xs={24} lg={12}>
        <Form.Item
          name={[...prefix, 'direction']}
          label={t('identity.form.survey.direction')}
          {...schemaField(shape.direction)}
        >
          <Input maxLength={200} />
        </Form.Item>
      </Col>
      <Col xs={24} lg={12}>
        <Form.Item
          name={[...prefix, 'after_graduation']}
          label={t('identity.form.survey.afterGraduation')}
          {...schemaField(shape.after_graduation)}
        >
          <Select
            placeholder={t('identity.form.select')}
            options={AFTER_GRADUATION.map((value) => ({
              value,
              label: t(`identity.form.survey.afterGraduationOptions.${value}`),
            }))}
          />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item
          name={[...prefix, 'time_investment']}
          label={t('identity.form.survey.timeInvestment')}
          {...schemaField(shape.time_investment)}
        >
          <Radio.Group
            optionType="button"
            options={TIME_INVESTMENT.map((value) => ({ value, label: t(`identity.form.survey.timeOptions.${value}`) }))}
          />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name={[...prefix, 'plans']} label={t('identity.form.survey.plans')} {...schemaField(shape.plans)}>
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 8 }}
            maxLength={500}
            showCount
            placeholder={t('identity.form.survey.plansPlaceholder')}
          />
        </Form.Item>
      </Col>
    </Row>
  );
}
