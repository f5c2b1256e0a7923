import { AppstoreOutlined, ArrowLeftOutlined, HomeOutlined } from '@ant-design/icons';
import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { NOT_FOUND_FLAGS } from '@mathbridge/contracts/api';
import { ButtonLink } from '../../../components/button-link.tsx';

function flagOn(value: string | null): boolean {
  return value !== null && value !== '0' && value !== 'false';
}

/** /404 (spec §2): home, back and workspace; back and workspace follow the query flags. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const showBack = !flagOn(params.get(NOT_FOUND_FLAGS.disableBack));
  const goBack = () => {
    // With no earlier entry in this tab (opened from elsewhere) "back" would leave the app: go home.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    void (index > 0 ? navigate(-1) : navigate('/'));
  };
  const showWorkspace = flagOn(params.get(NOT_FOUND_FLAGS.enableWorkspace));

  return (
    <div className="mb-center mb-page" style={{ minHeight: '70vh' }}>
      <Result
        status="404"
        title={t('notFound.title')}
        subTitle={t('notFound.subTitle')}
        extra={
          <Space wrap style={{ justifyContent: 'center' }}>
            <ButtonLink to="/" type="primary" icon={<HomeOutlined />}>
              {t('notFound.home')}
            </ButtonLink>
            {showBack && (
              <Button icon={<ArrowLeftOutlined />} onClick={goBack}>
                {t('notFound.back')}
              </Button>
            )}
            {showWorkspace && (
              <ButtonLink to="/manage" icon={<AppstoreOutlined />}>
                {t('notFound.workspace')}
              </ButtonLink>
            )}
          </Space>
        }
      />
    </div>
  );
}
