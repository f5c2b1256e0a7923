import { CameraOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Descriptions, Space, Tag, Typography, Upload, type UploadProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Profile } from '@mathbridge/contracts/accounts';
import { MB, UPLOAD_PROFILES } from '@mathbridge/contracts/constants';
import { ButtonLink } from '../../../components/button-link.tsx';
import { VerifyBadge } from '../../../components/verify-badge.tsx';
import { notify } from '../../../lib/notify.ts';
import { useUploadAvatar } from '../api/upload-avatar.ts';

const AVATAR_RULE = UPLOAD_PROFILES.image;
const AVATAR_TYPES = AVATAR_RULE.extensions.map((ext) => ext.toUpperCase()).join('/');
const AVATAR_SIZE = `${AVATAR_RULE.maxBytes / MB} MB`;

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Avatar, name and certification state, with the avatar upload (jpg/png ≤ 2 MB, spec §5). */
export function ProfileSummary({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const upload = useUploadAvatar();
  const { info } = profile;
  const name = info.truename || info.account || info.phone;

  // Checked here for a quick answer; the server checks the real content again.
  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const okType = (AVATAR_RULE.extensions as readonly string[]).includes(extensionOf(file.name));
    if (!okType || file.size > AVATAR_RULE.maxBytes) {
      notify.error(t('errors.fileRule', { types: AVATAR_TYPES, size: AVATAR_SIZE }));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    upload.mutate(file as File, {
      onSuccess: (result) => {
        onSuccess?.(result);
        notify.success(t('account.avatar.uploaded'));
      },
      onError: (error) => onError?.(error instanceof Error ? error : new Error(String(error))),
    });
  };

  return (
    <Card variant="borderless">
      <Space orientation="vertical" align="center" style={{ width: '100%', textAlign: 'center' }} size={12}>
        <Avatar
          size={96}
          src={info.avatar || undefined}
          icon={info.avatar ? undefined : <UserOutlined />}
          alt={t('account.avatar.alt', { name })}
        />
        <Upload
          accept={AVATAR_RULE.extensions.map((ext) => `.${ext}`).join(',')}
          showUploadList={false}
          beforeUpload={beforeUpload}
          customRequest={customRequest}
          maxCount={1}
        >
          <Button icon={<CameraOutlined />} loading={upload.isPending} size="small">
            {t('account.avatar.change')}
          </Button>
        </Upload>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('account.avatar.hint', { size: AVATAR_SIZE })}
        </Typography.Text>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {name}
        </Typography.Title>
        <VerifyBadge state={profile.verify_state} />
      </Space>
      <Descriptions column={1} size="small" style={{ marginTop: 24 }}>
        <Descriptions.Item label={t('account.profile.phone')}>{info.phone}</Descriptions.Item>
        <Descriptions.Item label={t('account.profile.roles')}>
          {profile.roles.length > 0 ? (
            <Space size={[4, 4]} wrap>
              {profile.roles.map((role) => (
                <Tag key={role.roleName} color="blue">
                  {t(`roles.${role.roleName}`)}
                </Tag>
              ))}
            </Space>
          ) : (
            <Typography.Text type="secondary">{t('account.profile.noRoles')}</Typography.Text>
          )}
        </Descriptions.Item>
        {profile.owned_org && (
          <Descriptions.Item label={t('account.profile.org')}>{profile.owned_org.name}</Descriptions.Item>
        )}
      </Descriptions>
      {profile.verify_state !== 1 && (
        <ButtonLink to="/account/individual-authentication" type="primary" ghost block style={{ marginTop: 8 }}>
          {t('account.profile.certify')}
        </ButtonLink>
      )}
    </Card>
  );
}
