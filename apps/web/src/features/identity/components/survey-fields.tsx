import { Col, Form, Input, Radio, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { AFTER_GRADUATION, SurveySchema, TIME_INVESTMENT } from '@mathbridge/contracts/identity';
import { schemaField } from '../../../lib/form-rules.ts';

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
