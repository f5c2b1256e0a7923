import { Col, Form, Input, Radio, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  MAX_CERTIFICATE_IMAGES,
  SpecialistAuthSchema,
  StudentAuthSchema,
  type CertificateFile,
  type CertificationData,
  type SpecialistAuth,
  type StudentAuth,
  type Survey,
} from '@mathbridge/contracts/identity';
import { MAX_RESEARCH_FIELDS } from '@mathbridge/contracts/msc';
import { EDUCATION_DEGREES } from '@mathbridge/contracts/roles';
import { ResearchFieldSelect } from '../../../components/research-field-select.tsx';
import { payloadRule } from '../../../lib/form-kit.ts';
import { schemaField } from '../../../lib/form-rules.ts';
import { CertificateField, CertificationFormShell, FormSection } from './certification-form-shell.tsx';
import { InstitutionInput, type InstitutionValue } from './institution-input.tsx';
import { SurveyFields } from './survey-fields.tsx';

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
  const student = role === 'Student';
  const schema = student ? StudentAuthSchema : SpecialistAuthSchema;
  const certificateRole = student ? 'Student' : 'Specialist';
  const current = () => payloadOf(role, form.getFieldsValue(true) as PersonValues);
  const certificatesSchema = student
    ? StudentAuthSchema.shape.certificate_ids
    : SpecialistAuthSchema.shape.certificate_ids;

  return (
    <CertificationFormShell<PersonValues>
      role={role}
      form={form}
      initialValues={valuesOf(initial as Partial<SpecialistAuth & StudentAuth> | null, initialFiles, survey)}
      payloadOf={(values) => payloadOf(role, values)}
      aliases={ALIASES}
      resubmit={resubmit}
      onSubmitted={onSubmitted}
    >
      <FormSection title={t('identity.form.sectionPerson')}>
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
      </FormSection>

      <FormSection title={t(student ? 'identity.form.sectionStudy' : 'identity.form.sectionWork')}>
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
      </FormSection>

      {student && (
        <FormSection title={t('identity.form.sectionSurvey')}>
          <SurveyFields prefix={['survey']} />
        </FormSection>
      )}

      <FormSection title={t('identity.form.sectionCertificates')}>
        <CertificateField
          name="certificates"
          label={t(`identity.form.certificates.${certificateRole}`)}
          schema={certificatesSchema}
          max={MAX_CERTIFICATE_IMAGES}
        />
      </FormSection>
    </CertificationFormShell>
  );
}
