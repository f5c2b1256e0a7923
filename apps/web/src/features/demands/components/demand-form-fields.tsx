import { Card, Col, Form, Input, InputNumber, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { BUDGET_MAX, DEMAND_TEXT_MAX, DemandSaveSchema } from '@mathbridge/contracts/demands';
import { TITLE_MAX_UNITS } from '@mathbridge/contracts/validation';
import { AreaCascader } from '../../../components/area-cascader.tsx';
import { DeadlinePicker } from '../../../components/deadline-picker.tsx';
import { IndustrySelect } from '../../../components/industry-select.tsx';
import { ResearchFieldSelect } from '../../../components/research-field-select.tsx';
import { payloadRule, areaRule, dayRule } from '../../../lib/form-kit.ts';
import { schemaField } from '../../../lib/form-rules.ts';
import { demandAttachmentTray } from '../api/attachments.ts';
import { AttachmentsInput } from './attachments-input.tsx';
import { toPayload, type DemandFormValues } from './demand-form-values.ts';
import { MarkdownInput } from '../../../components/markdown/markdown-input.tsx';
import { TitleInput, titleHint } from '../../../components/title-input.tsx';

const shape = DemandSaveSchema.shape;

/**
 * The demand form's sections, each field checked with the contracts rule the server applies.
 * `id` is the demand being edited; attachments go into its space once it was saved (`spaceId`).
 */
export function DemandFormFields({ id, spaceId }: { id: number | undefined; spaceId: number | null }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<DemandFormValues>();
  return (
    <>
      <Card variant="borderless" title={t('demands.form.sections.basics')} style={{ marginBottom: 16 }}>
        <Form.Item
          name="title"
          label={t('demands.form.title')}
          extra={titleHint(t, TITLE_MAX_UNITS)}
          {...schemaField(shape.title)}
        >
          <TitleInput placeholder={t('demands.form.placeholders.title')} maxUnits={TITLE_MAX_UNITS} />
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
            <Form.Item name="deadline" label={t('demands.form.deadline')} required rules={[dayRule(shape.deadline)]}>
              <DeadlinePicker />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="area" label={t('demands.form.region')} required rules={[areaRule(shape.province_code)]}>
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
          <AttachmentsInput spaceId={spaceId} pendingSpace={id === undefined ? demandAttachmentTray : undefined} />
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
    </>
  );
}
