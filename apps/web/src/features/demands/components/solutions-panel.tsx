import { Button, Drawer, Modal, Space, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@mathbridge/contracts/constants';
import type { Solution } from '@mathbridge/contracts/solutions';
import { QueryTable } from '../../../components/query-table.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { notify } from '../../../lib/notify.ts';
import { formatDateTime, formatYuan } from '../../../lib/format.ts';
import { useDemandSolutions, useSolutionAction } from '../api/solutions.ts';
import { AttachmentList } from '../../../components/space-attachments.tsx';
import { DeclineModal } from './decline-modal.tsx';
import { MarkdownView } from '../../../components/markdown/markdown-view.tsx';
import { SolutionView } from './solution-view.tsx';
import { SolutionStatusTag } from './status-tag.tsx';

const MAX_COMPARE = 3;

/** The solutions submitted to one demand (its enterprise): compare 2–3 side by side, accept one, decline with a reason. */
export function SolutionsPanel({ demandId }: { demandId: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const list = useDemandSolutions(demandId, { page, page_size: DEFAULT_PAGE_SIZE }, true);
  const action = useSolutionAction();
  const [selected, setSelected] = useState<number[]>([]);
  const [comparing, setComparing] = useState(false);
  const [viewing, setViewing] = useState<Solution | null>(null);
  const [declining, setDeclining] = useState<Solution | null>(null);

  const accept = (solution: Solution) =>
    notify.confirm({
      title: t('demands.solutions.accept'),
      content: t('demands.solutions.acceptConfirm', { name: solution.institute.name }),
      okText: t('demands.solutions.accept'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await action.mutateAsync({ id: solution.id, action: 'accept' });
        notify.success(t('demands.solutions.accepted'));
        setComparing(false);
        setViewing(null);
      },
    });

  const decisionButtons = (solution: Solution) => (
    <Space size={4} wrap>
      {solution.can.accept && (
        <Button type="primary" size="small" onClick={() => accept(solution)}>
          {t('demands.solutions.accept')}
        </Button>
      )}
      {solution.can.decline && (
        <Button danger size="small" onClick={() => setDeclining(solution)}>
          {t('demands.solutions.decline')}
        </Button>
      )}
    </Space>
  );

  const columns: TableProps<Solution>['columns'] = [
    { key: 'institute', title: t('demands.solutions.institute'), render: (_, s) => s.institute.name },
    {
      key: 'cost',
      title: t('demands.solutions.cost'),
      align: 'end',
      render: (_, s) => t('demands.solutions.costValue', { value: formatYuan(s.cost_estimate, locale) }),
    },
    {
      key: 'submitted',
      title: t('demands.solutions.submittedAt'),
      render: (_, s) => formatDateTime(s.submitted_at, locale),
    },
    { key: 'status', title: t('demands.solutions.status'), render: (_, s) => <SolutionStatusTag status={s.status} /> },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_, s) => (
        <Space size={4} wrap>
          <Button size="small" onClick={() => setViewing(s)}>
            {t('demands.solutions.view')}
          </Button>
          {decisionButtons(s)}
        </Space>
      ),
    },
  ];

  const items = list.data?.items ?? [];
  const compared = items.filter((s) => selected.includes(s.id));
  const compareRows: { key: string; label: string; render: (s: Solution) => React.ReactNode }[] = [
    { key: 'status', label: t('demands.solutions.status'), render: (s) => <SolutionStatusTag status={s.status} /> },
    {
      key: 'cost',
      label: t('demands.solutions.cost'),
      render: (s) => t('demands.solutions.costValue', { value: formatYuan(s.cost_estimate, locale) }),
    },
    { key: 'timeline', label: t('demands.solutions.timeline'), render: (s) => <MarkdownView source={s.timeline} /> },
    { key: 'team', label: t('demands.solutions.team'), render: (s) => <MarkdownView source={s.team} /> },
    { key: 'approach', label: t('demands.solutions.approach'), render: (s) => <MarkdownView source={s.approach} /> },
    {
      key: 'attachments',
      label: t('demands.solutions.attachments'),
      render: (s) => <AttachmentList items={s.attachments} empty />,
    },
    { key: 'decide', label: t('common.actions'), render: decisionButtons },
  ];
  const grid = { gridTemplateColumns: `120px repeat(${compared.length}, minmax(0, 1fr))` };

  return (
    <section aria-labelledby="mb-solutions-title">
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 8 }}>
        <h2 id="mb-solutions-title" className="mb-section-title">
          {t('demands.solutions.title')}
        </h2>
        <Space wrap>
          <span className="mb-muted">{t('demands.solutions.compareHint')}</span>
          <Button disabled={compared.length < 2} onClick={() => setComparing(true)}>
            {t('demands.solutions.compare', { count: compared.length })}
          </Button>
        </Space>
      </div>
      <QueryTable<Solution>
        query={list}
        list={{ page, pageSize: DEFAULT_PAGE_SIZE, setPage }}
        showSizeChanger={false}
        size="middle"
        columns={columns}
        scroll={{ x: 720 }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(Number)),
          getCheckboxProps: (s) => ({
            disabled: !selected.includes(s.id) && selected.length >= MAX_COMPARE,
            'aria-label': s.institute.name,
          }),
          hideSelectAll: true,
        }}
        empty={t('demands.solutions.empty')}
      />
      <Modal
        open={comparing && compared.length >= 2}
        title={t('demands.solutions.compareTitle')}
        width={Math.min(1280, 240 + compared.length * 360)}
        footer={null}
        onCancel={() => setComparing(false)}
      >
        <div className="mb-compare" role="table" aria-label={t('demands.solutions.compareTitle')}>
          <div className="mb-compare-row" role="row" style={grid}>
            <span role="columnheader" />
            {compared.map((s) => (
              <strong key={s.id} role="columnheader">
                {s.institute.name}
              </strong>
            ))}
          </div>
          {compareRows.map((row) => (
            <div key={row.key} className="mb-compare-row" role="row" style={grid}>
              <span className="mb-compare-label" role="rowheader">
                {row.label}
              </span>
              {compared.map((s) => (
                <div key={s.id} role="cell">
                  {row.render(s)}
                </div>
              ))}
            </div>
          ))}
        </div>
      </Modal>
      <Drawer
        open={viewing !== null}
        size="large"
        title={viewing ? t('demands.solutions.detailTitle', { name: viewing.institute.name }) : ''}
        onClose={() => setViewing(null)}
        extra={viewing ? decisionButtons(viewing) : null}
      >
        {viewing && <SolutionView solution={viewing} />}
      </Drawer>
      <DeclineModal
        solution={declining}
        onClose={() => {
          setDeclining(null);
          setViewing(null);
        }}
      />
    </section>
  );
}
