import { Col, Form, Input, InputNumber, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { schemaField, type Schema } from '../../../lib/form-rules.ts';

/** The schemas of a category's three names (an article or a notebook category's save schema). */
interface NameShape {
  name_zh_cn: Schema;
  name_zh_hk: Schema;
  name_en: Schema;
}

/** A category's names in three languages (the English one may be twice as long). */
export function CategoryNameFields({ shape, max }: { shape: NameShape; max: number }) {
  const { t } = useTranslation();
  return (
    <>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="name_zh_cn" label={t('content.categories.nameZhCN')} {...schemaField(shape.name_zh_cn)}>
            <Input maxLength={max} lang="zh-CN" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="name_zh_hk" label={t('content.categories.nameZhHK')} {...schemaField(shape.name_zh_hk)}>
            <Input maxLength={max} lang="zh-HK" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="name_en" label={t('content.categories.nameEn')} {...schemaField(shape.name_en)}>
        <Input maxLength={max * 2} lang="en" />
      </Form.Item>
    </>
  );
}

/** The order field of a category (smaller first). */
export function CategorySortField({ schema }: { schema: Schema }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="sort"
      label={t('content.categories.columns.sort')}
      extra={t('content.sortHelp')}
      {...schemaField(schema)}
    >
      <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
    </Form.Item>
  );
}
