import { Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  EnterpriseAuthSchema,
  ResearchInstituteAuthSchema,
  type CertificateFile,
  type CertificationData,
  type EnterpriseAuth,
  type ResearchInstituteAuth,
} from '@mathbridge/contracts/identity';
import { MAX_RESEARCH_FIELDS } from '@mathbridge/contracts/msc';
import { AreaCascader } from '../../../components/area-cascader.tsx';
import { IndustrySelect } from '../../../components/industry-select.tsx';
import { ResearchFieldSelect } from '../../../components/research-field-select.tsx';
import { payloadRule } from '../../../lib/form-kit.ts';
import { schemaField } from '../../../lib/form-rules.ts';
import { CertificateField, CertificationFormShell, FormSection } from './certification-form-shell.tsx';

export type OrganisationRole = 'Enterprise' | 'ResearchInstitute';

interface OrganisationValues {
  name?: string;
  credit_code?: string;
  licence?: CertificateFile[];
  address?: string;
  area?: string[];
  website?: string;
  business_scope?: string;
  industry?: string;
  research_fields?: string[];
  application_description?: string;
  contact?: string;
  contact_phone?: string;
}

/** API field → form control, for the server's field errors. */
const ALIASES = { licence_file_id: 'licence', province_code: 'area', city_code: 'area' };

function payloadOf(role: OrganisationRole, values: OrganisationValues): Record<string, unknown> {
  const { licence, area, industry, research_fields: fields, ...rest } = values;
  return {
    ...rest,
    licence_file_id: licence?.[0]?.id,
    province_code: area?.[0],
    city_code: area?.[1],
    ...(role === 'Enterprise' ? { industry } : { research_fields: fields }),
  };
}

function valuesOf(
  data: Partial<EnterpriseAuth & ResearchInstituteAuth> | null,
  files: CertificateFile[],
): OrganisationValues {
  if (!data) return {};
  const licence = files.filter((file) => file.id === data.licence_file_id);
  return {
    name: data.name,
    credit_code: data.credit_code,
    licence,
    address: data.address,
    area: data.province_code ? [data.province_code, ...(data.city_code ? [data.city_code] : [])] : undefined,
    website: data.website,
    business_scope: data.business_scope,
    industry: data.industry,
    research_fields: data.research_fields,
    application_description: data.application_description,
    contact: data.contact,
    contact_phone: data.contact_phone,
  };
}

interface OrganisationFormProps {
  role: OrganisationRole;
  /** A previous request (rejected or withdrawn) to start from. */
  initial: CertificationData | Record<string, never> | null;
  initialFiles: CertificateFile[];
  resubmit: boolean;
  onSubmitted: () => void;
}

/**
 * The organisation certification form (enterprise or research institute: one shape, own labels),
 * validated field by field with the contracts schema the server uses (user/{role}Auth).
 */
export function OrganisationForm({ role, initial, initialFiles, resubmit, onSubmitted }: OrganisationFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<OrganisationValues>();
  const schema = role === 'Enterprise' ? EnterpriseAuthSchema : ResearchInstituteAuthSchema;
  const { shape } = EnterpriseAuthSchema;
  const current = () => payloadOf(role, form.getFieldsValue(true) as OrganisationValues);

  return (
    <CertificationFormShell<OrganisationValues>
      role={role}
      form={form}
      initialValues={valuesOf(initial as Partial<EnterpriseAuth & ResearchInstituteAuth> | null, initialFiles)}
      payloadOf={(values) => payloadOf(role, values)}
      aliases={ALIASES}
      resubmit={resubmit}
      onSubmitted={onSubmitted}
    >
      <FormSection title={t('identity.form.sectionOrganisation')}>
        <Row gutter={24}>
          <Col xs={24} lg={12}>
            <Form.Item name="name" label={t(`identity.form.name.${role}`)} {...schemaField(shape.name)}>
              <Input placeholder={t(`identity.form.namePlaceholder.${role}`)} maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item
              name="credit_code"
              label={t(`identity.form.creditCode.${role}`)}
              extra={t('identity.form.creditCodeHint')}
              {...schemaField(shape.credit_code)}
            >
              <Input maxLength={18} style={{ textTransform: 'uppercase' }} autoComplete="off" spellCheck={false} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item
              name="area"
              label={t('identity.form.area')}
              required
              rules={[payloadRule(schema, current, ['province_code', 'city_code'])]}
            >
              <AreaCascader />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item name="address" label={t('identity.form.address')} {...schemaField(shape.address)}>
              <Input maxLength={200} autoComplete="street-address" />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item name="website" label={t('identity.form.website')} {...schemaField(shape.website)}>
              <Input placeholder={t('identity.form.websitePlaceholder')} maxLength={200} inputMode="url" />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            {role === 'Enterprise' ? (
              <Form.Item
                name="industry"
                label={t('identity.form.industry')}
                {...schemaField(EnterpriseAuthSchema.shape.industry)}
              >
                <IndustrySelect />
              </Form.Item>
            ) : (
              <Form.Item
                name="research_fields"
                label={t('identity.form.researchFields')}
                extra={t('identity.form.researchFieldsHint', { max: MAX_RESEARCH_FIELDS })}
                {...schemaField(ResearchInstituteAuthSchema.shape.research_fields)}
              >
                <ResearchFieldSelect />
              </Form.Item>
            )}
          </Col>
          <Col span={24}>
            <Form.Item
              name="business_scope"
              label={t(`identity.form.businessScope.${role}`)}
              {...schemaField(shape.business_scope)}
            >
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={500} showCount />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="application_description"
              label={t(`identity.form.applicationDescription.${role}`)}
              {...schemaField(shape.application_description)}
            >
              <Input.TextArea
                autoSize={{ minRows: 3, maxRows: 8 }}
                maxLength={1000}
                showCount
                placeholder={t(`identity.form.applicationPlaceholder.${role}`)}
              />
            </Form.Item>
          </Col>
        </Row>
      </FormSection>

      <FormSection title={t('identity.form.sectionLicence')}>
        <CertificateField name="licence" label={t(`identity.form.licence.${role}`)} schema={shape.licence_file_id} />
      </FormSection>

      <FormSection title={t('identity.form.sectionContact')}>
        <Row gutter={24}>
          <Col xs={24} lg={12}>
            <Form.Item name="contact" label={t('identity.form.contact')} {...schemaField(shape.contact)}>
              <Input maxLength={30} autoComplete="name" />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item
              name="contact_phone"
              label={t('identity.form.contactPhone')}
              extra={t('identity.form.contactPhoneHint')}
              {...schemaField(shape.contact_phone)}
            >
              <Input inputMode="tel" autoComplete="tel" maxLength={20} />
            </Form.Item>
          </Col>
        </Row>
      </FormSection>
    </CertificationFormShell>
  );
}
