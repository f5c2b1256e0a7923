import { ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Input, Popconfirm, Space, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { NOTEBOOK_STATES, type NotebookState, type NotebookSummary } from '@mathbridge/contracts/notebooks';
import { ButtonLink } from '../../../components/button-link.tsx';
import { FilePickerButton } from '../../../components/file-picker-button.tsx';
import { QueryTable, StatusTabs } from '../../../components/query-table.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { categoryName } from '../../../lib/category-name.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { importNotebook, notebookKeys, useMyNotebooks, useNotebookAction } from '../api/notebooks.ts';
import { NotebookStateTags } from '../components/state-tags.tsx';

/** `/account/notebooks`: the user's notebooks by state, with search, import and delete (issue 12). */
export default function MyNotebooksPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const params = useListParams<NotebookState, 'keyword'>({ statuses: NOTEBOOK_STATES, filters: ['keyword'] });
  const list = useMyNotebooks({
    state: params.status,
    keyword: params.filters.keyword,
    page: params.page,
    page_size: params.pageSize,
  });
  const action = useNotebookAction();
  const [importing, setImporting] = useState(false);

  const onImport = async (files: File[]) => {
    const file = files[0];
    if (!file) return;
    setImporting(true);
    try {
      const created = await importNotebook(file);
      void queryClient.invalidateQueries({ queryKey: notebookKeys.all });
      notify.success(t('notebooks.list.imported'));
      void navigate(`/notebooks/${created.id}`);
    } catch (error) {
      // 400: not an nbformat v4 file, with the server's reason; 413: too large.
      if (isApiError(error) && !error.handled) {
        const detail = error.fieldErrors.map((e) => e.message).join('; ');
        notify.error(
          error.status === 413
            ? t('notebooks.editor.tooLarge')
            : t('notebooks.list.importFailed', { reason: detail || error.message }),
        );
      }
    } finally {
      setImporting(false);
    }
  };

  const columns: TableProps<NotebookSummary>['columns'] = [
    {
      key: 'title',
      title: t('notebooks.fields.title'),
      render: (_, n) => <Link to={`/notebooks/${n.id}`}>{n.title}</Link>,
    },
    {
      key: 'state',
      title: t('notebooks.fields.state'),
      render: (_, n) => <NotebookStateTags state={n.state} contribution={n.contribution} />,
    },
    {
      key: 'category',
      title: t('notebooks.fields.category'),
      render: (_, n) => (n.category ? categoryName(n.category, locale) : '—'),
      responsive: ['md'],
    },
    {
      key: 'updated',
      title: t('notebooks.fields.updatedAt'),
      render: (_, n) => formatDateTime(n.updated_at, locale),
      responsive: ['lg'],
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_, n) => (
        <Space size="small" wrap>
          <Link to={`/notebooks/${n.id}`}>{t('notebooks.list.open')}</Link>
          <Popconfirm
            title={t('notebooks.list.deleteConfirm', { title: n.title })}
            okText={t('common.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('common.cancel')}
            onConfirm={() => action.mutateAsync({ action: 'delete', id: n.id })}
          >
            <Button type="link" danger size="small">
              {t('common.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  const createButton = (
    <ButtonLink to="/notebooks/new" type="primary" icon={<PlusOutlined />} data-testid="notebook-new">
      {t('notebooks.list.new')}
    </ButtonLink>
  );

  return (
    <>
      <header className="mb-page-header">
        <h1>{t('notebooks.list.title')}</h1>
        <span className="mb-muted">{t('notebooks.list.subtitle')}</span>
      </header>
      <Space wrap style={{ marginBottom: 12 }}>
        {createButton}
        <FilePickerButton
          icon={<ImportOutlined />}
          accept=".ipynb,application/x-ipynb+json,application/json"
          loading={importing}
          onFiles={(files) => void onImport(files)}
          inputTestId="notebook-import-input"
        >
          {t('notebooks.list.import')}
        </FilePickerButton>
        <Input.Search
          allowClear
          defaultValue={params.filters.keyword}
          placeholder={t('notebooks.list.search')}
          aria-label={t('notebooks.list.search')}
          onSearch={(keyword) => params.setFilters({ keyword: keyword.trim() || undefined })}
          style={{ width: 240, maxWidth: '100%' }}
        />
      </Space>
      <Card
        variant="borderless"
        title={
          <StatusTabs<NotebookState | 'all'>
            value={params.status ?? 'all'}
            onChange={(key) => params.setStatus(key === 'all' ? undefined : key)}
            options={[
              { value: 'all', label: t('notebooks.list.all') },
              ...NOTEBOOK_STATES.map((state) => ({ value: state, label: t(`notebooks.state.${state}`) })),
            ]}
          />
        }
      >
        <QueryTable<NotebookSummary>
          query={list}
          list={params}
          columns={columns}
          scroll={{ x: 520 }}
          empty={t(params.status || params.filters.keyword ? 'notebooks.list.emptyFiltered' : 'notebooks.list.empty')}
          emptyAction={!params.status && !params.filters.keyword && createButton}
        />
      </Card>
    </>
  );
}
