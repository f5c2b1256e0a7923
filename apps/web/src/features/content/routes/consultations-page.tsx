import { Button, Card, Grid, Descriptions, Form, Input, Modal, Tag, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CONSULTATION_STATES,
  ConsultationHandleSchema,
  type ConsultationItem,
  type ConsultationState,
} from '@mathbridge/contracts/content';
import { QueryTable, StatusTabs } from '../../../components/query-table.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { dialogSubmit } from '../../../lib/form-kit.ts';
import { schemaField } from '../../../lib/form-rules.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { confirmLeave } from '../../../lib/use-unsaved-changes.ts';
import { useConsultations, useHandleConsultation } from '../api/content.ts';
import { ContentLayout } from '../components/content-layout.tsx';

/** /manage/content/consultations: what visitors sent (index/addConsultation), new ones first to handle. */
export default function ConsultationsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  // The actions stay in view on wide screens; on a phone a fixed column would leave no room for the rest.
  const wide = Grid.useBreakpoint().md === true;
  const params = useListParams<ConsultationState>({ statuses: CONSULTATION_STATES, defaultStatus: 'new' });
  const status = params.status ?? 'new';
  const list = useConsultations({ status, page: params.page, page_size: params.pageSize });
  const counts = list.data?.counts;
  const [handling, setHandling] = useState<ConsultationItem | null>(null);

  const columns: TableProps<ConsultationItem>['columns'] = [
    {
      key: 'from',
      title: t('content.consultations.columns.from'),
      render: (_, item) => (
        <span>
          <strong>{item.name}</strong>
          {item.organisation && <div className="mb-content-muted-small">{item.organisation}</div>}
        </span>
      ),
    },
    {
      key: 'contact',
      title: t('content.consultations.columns.contact'),
      render: (_, item) => (
        <span>
          <a href={`tel:${item.phone}`}>{item.phone}</a>
          {item.email && (
            <div>
              <a href={`mailto:${item.email}`}>{item.email}</a>
            </div>
          )}
        </span>
      ),
    },
    {
      key: 'topic',
      title: t('content.consultations.columns.topic'),
      render: (_, item) => <Tag>{t(`content.consultations.topics.${item.topic}`)}</Tag>,
    },
    {
      key: 'content',
      title: t('content.consultations.columns.content'),
      render: (_, item) => (
        <div className="mb-content-message" style={{ width: 'clamp(200px, 24vw, 380px)' }}>
          {item.content}
        </div>
      ),
    },
    {
      key: 'created',
      title: t('content.consultations.columns.created'),
      render: (_, item) => formatDateTime(item.created_at, locale, 'numeric'),
    },
    status === 'new'
      ? {
          key: 'actions',
          title: t('common.actions'),
          fixed: wide ? ('right' as const) : undefined,
          render: (_, item) => (
            <Button type="primary" size="small" onClick={() => setHandling(item)}>
              {t('content.consultations.handle')}
            </Button>
          ),
        }
      : {
          key: 'handled',
          title: t('content.consultations.columns.handled'),
          fixed: wide ? ('right' as const) : undefined,
          render: (_, item) => (
            <div style={{ width: 'clamp(180px, 18vw, 280px)' }}>
              <div className="mb-content-muted-small">
                {t('content.consultations.handledBy', {
                  name: item.handled_by?.name ?? '—',
                  when: formatDateTime(item.handled_at, locale, 'numeric'),
                })}
              </div>
              <div className="mb-content-message">{item.reply_note}</div>
            </div>
          ),
        },
  ];

  return (
    <ContentLayout section="consultations">
      <Card
        variant="borderless"
        title={
          <StatusTabs<ConsultationState>
            value={status}
            onChange={(key) => params.setStatus(key)}
            options={CONSULTATION_STATES.map((state) => ({
              value: state,
              label: t(`content.consultations.states.${state}`),
              count: counts?.[state],
            }))}
          />
        }
      >
        <QueryTable<ConsultationItem>
          query={list}
          list={params}
          columns={columns}
          showTotal={(total) => t('content.total', { count: total })}
          empty={status === 'new' ? t('content.consultations.emptyNew') : t('content.consultations.emptyHandled')}
        />
      </Card>
      <HandleDialog item={handling} onClose={() => setHandling(null)} />
    </ContentLayout>
  );
}

function HandleDialog({ item, onClose }: { item: ConsultationItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const handle = useHandleConsultation();
  const narrow = Grid.useBreakpoint().sm === false;
  const [form] = Form.useForm<{ reply_note: string }>();
  const [dirty, setDirty] = useState(false);
  const close = () => {
    form.resetFields();
    setDirty(false);
    onClose();
  };
  const submit = dialogSubmit(form, async (values) => {
    if (!item) return;
    await handle.mutateAsync({ id: item.id, reply_note: values.reply_note.trim() });
    notify.success(t('content.consultations.handledDone'));
    close();
  });
  return (
    <Modal
      open={item !== null}
      title={t('content.consultations.handleTitle')}
      okText={t('content.consultations.handle')}
      cancelText={t('common.cancel')}
      confirmLoading={handle.isPending}
      onOk={() => void submit()}
      onCancel={() => confirmLeave(t, dirty, close)}
      mask={{ closable: false }}
      forceRender
    >
      {item && (
        <Descriptions
          size="small"
          column={1}
          layout={narrow ? 'vertical' : 'horizontal'}
          bordered
          style={{ marginBottom: 16 }}
          items={[
            {
              key: 'name',
              label: t('content.consultations.columns.from'),
              children: item.organisation ? `${item.name} · ${item.organisation}` : item.name,
            },
            {
              key: 'contact',
              label: t('content.consultations.columns.contact'),
              children: [item.phone, item.email].filter(Boolean).join(' · '),
            },
            {
              key: 'topic',
              label: t('content.consultations.columns.topic'),
              children: t(`content.consultations.topics.${item.topic}`),
            },
            {
              key: 'created',
              label: t('content.consultations.columns.created'),
              children: formatDateTime(item.created_at, locale),
            },
            {
              key: 'content',
              label: t('content.consultations.columns.content'),
              children: <div className="mb-content-message">{item.content}</div>,
            },
          ]}
        />
      )}
      <Form form={form} layout="vertical" onValuesChange={() => setDirty(true)} requiredMark>
        <Form.Item
          name="reply_note"
          label={t('content.consultations.replyNote')}
          extra={t('content.consultations.replyHelp')}
          {...schemaField(ConsultationHandleSchema.shape.reply_note)}
        >
          <Input.TextArea rows={4} maxLength={1000} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
