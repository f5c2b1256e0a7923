import { WechatOutlined } from '@ant-design/icons';
import { Button, Card, Popconfirm, Skeleton, Space, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { formatDate } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { useLocale } from '../../../i18n/locale.ts';
import { useUnbindWechat, useWechatBinding } from '../api/wechat.ts';

const BindWechatDialog = lazy(() => import('./bind-wechat-dialog.tsx'));

/** The account page's WeChat card (issue 13): the binding's nickname and date, unbind with a confirm, or bind. */
export function WechatBindingCard() {
  const { t } = useTranslation();
  const locale = useLocale();
  const binding = useWechatBinding();
  const unbind = useUnbindWechat();
  const [bindOpen, setBindingOpen] = useState(false);

  const onUnbind = async () => {
    await unbind.mutateAsync();
    notify.success(t('wechat.card.unbound'));
  };

  return (
    <Card
      title={
        <Space>
          <WechatOutlined aria-hidden style={{ color: '#07c160' }} />
          {t('wechat.card.title')}
        </Space>
      }
      data-testid="wechat-card"
    >
      {binding.isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : binding.isError ? (
        <LoadError onRetry={() => void binding.refetch()} />
      ) : binding.data.is_bind === '1' ? (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <div>
            <Typography.Text strong>{t('wechat.card.boundAs', { name: binding.data.nick_name })}</Typography.Text>
            <div className="mb-muted">
              {t('wechat.card.since', { date: formatDate(binding.data.created_at, locale) })}
            </div>
          </div>
          <Popconfirm
            title={t('wechat.card.confirmTitle')}
            description={<div style={{ maxWidth: 280 }}>{t('wechat.card.confirmContent')}</div>}
            okText={t('wechat.card.unbind')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true, loading: unbind.isPending }}
            onConfirm={onUnbind}
          >
            <Button danger>{t('wechat.card.unbind')}</Button>
          </Popconfirm>
        </Space>
      ) : (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <span className="mb-muted">{t('wechat.card.notBound')}</span>
          <Button type="primary" icon={<WechatOutlined aria-hidden />} onClick={() => setBindingOpen(true)}>
            {t('wechat.card.bind')}
          </Button>
        </Space>
      )}
      {bindOpen && (
        <Suspense fallback={null}>
          <BindWechatDialog onClose={() => setBindingOpen(false)} />
        </Suspense>
      )}
    </Card>
  );
}
