import { Col, Form, Input, InputNumber, Row, Select, type TableProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ARTICLE_BODY_MAX,
  MANUAL_AUDIENCES,
  ManualSaveSchema,
  type ManualAudience,
  type ManualPage,
  type ManualSave,
} from '@mathbridge/contracts/content';
import { MarkdownInput } from '../../../components/markdown/markdown-input.tsx';
import { MarkdownView } from '../../../components/markdown/markdown-view.tsx';
import { StatusTabs } from '../../../components/query-table.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { schemaField } from '../../../lib/form-rules.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { useTypedAudience } from '../components/use-audience.ts';
import { useDeleteContent, useManualPages, useSaveManualPage } from '../api/content.ts';
import { ContentLayout } from '../components/content-layout.tsx';
import { CreateButton, editDeleteColumn } from '../components/row-actions.tsx';
import { ContentTable } from '../components/content-table.tsx';
import { EditModal } from '../components/edit-modal.tsx';

const shape = ManualSaveSchema.shape;

/** /manage/content/manual: the user manual's pages, per audience (everyone, or one role). */
export default function ManualPagesPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const list = useManualPages();
  const save = useSaveManualPage();
  const remove = useDeleteContent('manual');
  const [audience, setAudience] = useTypedAudience();
  const [editing, setEditing] = useState<ManualPage | 'new' | null>(null);
  const current = editing === 'new' ? null : editing;
  const audienceLabel = (value: ManualAudience) =>
    value === 'all' ? t('content.manual.everyone') : t(`roles.${value}`);
  const pages = useMemo(
    () => (list.data ?? []).filter((page) => page.audience === audience).sort((a, b) => a.sort - b.sort || a.id - b.id),
    [list.data, audience],
  );
  const counts = useMemo(() => {
    const result: Partial<Record<ManualAudience, number>> = {};
    for (const page of list.data ?? []) result[page.audience] = (result[page.audience] ?? 0) + 1;
    return result;
  }, [list.data]);
  const initialValues = useMemo<Partial<ManualSave>>(
    () =>
      current
        ? { audience: current.audience, title: current.title, body: current.body, sort: current.sort }
        : { audience, sort: 0 },
    [current, audience],
  );

  const confirmDelete = (page: ManualPage) =>
    notify.confirm({
      title: t('content.manual.deleteTitle'),
      content: t('content.manual.deleteContent', { title: page.title }),
      okText: t('common.delete'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await remove.mutateAsync(page.id);
        notify.success(t('content.deleted'));
      },
    });

  const columns: TableProps<ManualPage>['columns'] = [
    { key: 'title', title: t('content.manual.columns.title'), dataIndex: 'title' },
    { key: 'sort', title: t('content.manual.columns.sort'), align: 'end', dataIndex: 'sort' },
    {
      key: 'updated',
      title: t('content.articles.columns.updated'),
      render: (_, item) => formatDateTime(item.updated_at, locale, 'numeric'),
      responsive: ['md'],
    },
    editDeleteColumn(t, setEditing, confirmDelete),
  ];

  return (
    <ContentLayout
      section="manual"
      extra={<CreateButton label={t('content.manual.create')} onClick={() => setEditing('new')} />}
    >
      <ContentTable<ManualPage>
        query={list}
        rows={pages}
        title={
          <StatusTabs<ManualAudience>
            value={audience}
            onChange={setAudience}
            options={MANUAL_AUDIENCES.map((value) => ({
              value,
              label: audienceLabel(value),
              count: list.data ? (counts[value] ?? 0) : undefined,
            }))}
          />
        }
        columns={columns}
        expandable={{
          expandedRowRender: (page) => <MarkdownView source={page.body} />,
          columnTitle: <span className="mb-visually-hidden">{t('content.manual.preview')}</span>,
        }}
        empty={t('content.manual.empty', { audience: audienceLabel(audience) })}
        create={{ label: t('content.manual.create'), onClick: () => setEditing('new') }}
      />
      <EditModal<ManualSave>
        open={editing !== null}
        width={960}
        title={current ? t('content.manual.editTitle') : t('content.manual.create')}
        initialValues={initialValues}
        onClose={() => setEditing(null)}
        onSubmit={async (values) => {
          const saved = await save.mutateAsync({
            ...values,
            id: current?.id,
            title: values.title.trim(),
            sort: values.sort ?? 0,
          });
          setAudience(saved.audience ?? values.audience);
          notify.success(t('content.saved'));
        }}
      >
        {() => (
          <>
            <Row gutter={12}>
              <Col xs={24} md={12}>
                <Form.Item name="title" label={t('content.manual.columns.title')} {...schemaField(shape.title)}>
                  <Input maxLength={60} showCount />
                </Form.Item>
              </Col>
              <Col xs={14} md={7}>
                <Form.Item name="audience" label={t('content.manual.audience')} {...schemaField(shape.audience)}>
                  <Select options={MANUAL_AUDIENCES.map((value) => ({ value, label: audienceLabel(value) }))} />
                </Form.Item>
              </Col>
              <Col xs={10} md={5}>
                <Form.Item name="sort" label={t('content.manual.columns.sort')} {...schemaField(shape.sort)}>
                  <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item
              name="body"
              label={t('content.manual.body')}
              extra={t('content.form.markdownHelp')}
              {...schemaField(shape.body)}
            >
              <MarkdownInput maxLength={ARTICLE_BODY_MAX} rows={12} />
            </Form.Item>
          </>
        )}
      </EditModal>
    </ContentLayout>
  );
}
