import { Button, Col, Form, Input, Row, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_RESEARCH_FIELDS } from '@mathbridge/contracts/msc';
import { OrganisationUpdateSchema, type Organisation, type OrganisationUpdate } from '@mathbridge/contracts/org';
import { schemaField } from '../../../lib/form-rules.ts';
import { notify } from '../../../lib/notify.ts';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes.ts';
import { useUpdateOrganisation } from '../api/update-organisation.ts';
import { AreaCascader } from '../../../components/area-cascader.tsx';
import { payloadRule, showFormError } from '../../../lib/form-kit.ts';
import { IndustrySelect } from '../../../components/industry-select.tsx';
import { ResearchFieldSelect } from '../../../components/research-field-select.tsx';

type ProfileValues = Omit<OrganisationUpdate, 'province_code' | 'city_code'> & { area?: string[] };

function payloadOf(values: ProfileValues): OrganisationUpdate {
  const { area, ...rest } = values;
  return { ...rest, province_code: area?.[0], city_code: area?.[1] };
}

function valuesOf(org: Organisation): ProfileValues {
  return {
    address: org.address,
    area: [org.province_code, ...(org.city_code ? [org.city_code] : [])],
    website: org.website ?? undefined,
    business_scope: org.business_scope,
    application_description: org.application_description,
    introduction: org.introduction ?? undefined,
    industry: org.industry ?? undefined,
    research_fields: org.research_fields,
    contact: org.contact,
    contact_phone: org.contact_phone,
  };
}

/** org/update: the public profile of a certified organisation (name, code and licence stay as reviewed). */
export function OrganisationProfileForm({ org, onDone }: { org: Organisation; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProfileValues>();
  const update = useUpdateOrganisation();
  const [dirty, setDirty] = useState(false);
  useUnsavedChanges(dirty);
  const { shape } = OrganisationUpdateSchema;
  const role = org.type;

  const onFinish = async (values: ProfileValues) => {
    try {
      await update.mutateAsync(payloadOf(values));
      setDirty(false);
      notify.success(t('identity.org.saved'));
      onDone();
    } catch (error) {
      showFormError(form, error, { province_code: 'area', city_code: 'area' });
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={valuesOf(org)}
      onValuesChange={() => setDirty(true)}
      onFinish={(values) => void onFinish(values)}
    >
      <p className="mb-muted">{t('identity.org.reviewedFields')}</p>
      <Row gutter={24}>
        <Col span={24}>
          <Form.Item name="introduction" label={t('identity.org.introduction')} {...schemaField(shape.introduction)}>
            <Input.TextArea
              autoSize={{ minRows: 3, maxRows: 10 }}
              maxLength={2000}
              showCount
              placeholder={t('identity.org.introductionPlaceholder')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} lg={12}>
          <Form.Item
            name="area"
            label={t('identity.form.area')}
            rules={[
              payloadRule(OrganisationUpdateSchema, () => payloadOf(form.getFieldsValue(true) as ProfileValues), [
                'province_code',
                'city_code',
              ]),
            ]}
          >
            <AreaCascader />
          </Form.Item>
        </Col>
        <Col xs={24} lg={12}>
          <Form.Item name="address" label={t('identity.form.address')} {...schemaField(shape.address)}>
            <Input maxLength={200} />
          </Form.Item>
        </Col>
        <Col xs={24} lg={12}>
          <Form.Item name="website" label={t('identity.form.website')} {...schemaField(shape.website)}>
            <Input placeholder={t('identity.form.websitePlaceholder')} maxLength={200} />
          </Form.Item>
        </Col>
        <Col xs={24} lg={12}>
          {role === 'Enterprise' ? (
            <Form.Item name="industry" label={t('identity.form.industry')} {...schemaField(shape.industry)}>
              <IndustrySelect />
            </Form.Item>
          ) : (
            <Form.Item
              name="research_fields"
              label={t('identity.form.researchFields')}
              extra={t('identity.form.researchFieldsHint', { max: MAX_RESEARCH_FIELDS })}
              {...schemaField(shape.research_fields)}
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
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={1000} showCount />
          </Form.Item>
        </Col>
        <Col xs={24} lg={12}>
          <Form.Item name="contact" label={t('identity.form.contact')} {...schemaField(shape.contact)}>
            <Input maxLength={30} />
          </Form.Item>
        </Col>
        <Col xs={24} lg={12}>
          <Form.Item name="contact_phone" label={t('identity.form.contactPhone')} {...schemaField(shape.contact_phone)}>
            <Input inputMode="tel" maxLength={20} />
          </Form.Item>
        </Col>
      </Row>
      <Space>
        <Button type="primary" htmlType="submit" loading={update.isPending} disabled={!dirty}>
          {t('identity.org.save')}
        </Button>
        <Button onClick={onDone}>{t('common.cancel')}</Button>
      </Space>
    </Form>
  );
}
