import { BankOutlined, CameraOutlined, EditOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Alert, Avatar, Button, Card, Descriptions, Empty, Skeleton, Space, Tag, Upload, type UploadProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MB, UPLOAD_PROFILES } from '@mathbridge/contracts/constants';
import { CERT_STATUS } from '@mathbridge/contracts/identity';
import type { Organisation } from '@mathbridge/contracts/org';
import { ButtonLink } from '../../../components/button-link.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { notify } from '../../../lib/notify.ts';
import { useAuthInfo } from '../api/get-auth-info.ts';
import { useOrgCompleteness, useOrgEditInfo } from '../api/get-org-edit-info.ts';
import { useUploadLogo } from '../api/upload-logo.ts';
import { formatDate } from '../../../lib/format.ts';
import { InvitationManager } from '../components/invitation-manager.tsx';
import { OrganisationProfileForm } from '../components/organisation-profile-form.tsx';
import { areaName, industryLabel, researchFieldLabel } from '../../../lib/reference-names.ts';
import '../components/identity.css';

const LOGO_RULE = UPLOAD_PROFILES.image;
const LOGO_TYPES = LOGO_RULE.extensions.map((ext) => ext.toUpperCase()).join('/');
const LOGO_SIZE = `${LOGO_RULE.maxBytes / MB} MB`;
const STATUS_COLORS = ['processing', 'success', 'error', 'default'] as const;

/** /account/institute: the owner's organisation, its public profile and its invitation links. */
export default function InstitutePage() {
  const { t } = useTranslation();
  const editInfo = useOrgEditInfo();
  const org = editInfo.data?.organisation;

  return (
    <>
      <header className="mb-page-header">
        <h1>{t('accountArea.menu.institute')}</h1>
        <span className="mb-muted">{t('identity.org.subtitle')}</span>
      </header>
      {!editInfo.data ? (
        <Card variant="borderless">
          {editInfo.isError ? (
            <LoadError onRetry={() => void editInfo.refetch()} />
          ) : (
            <Skeleton avatar active paragraph={{ rows: 6 }} />
          )}
        </Card>
      ) : org ? (
        <OwnedOrganisation org={org} />
      ) : (
        <NoOrganisation />
      )}
    </>
  );
}

function NoOrganisation() {
  const { t } = useTranslation();
  const authInfo = useAuthInfo();
  const cert = authInfo.data?.certification;
  const claim = cert?.member_claim;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card variant="borderless">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<strong>{t('identity.org.none')}</strong>}>
          <p className="mb-muted">{t('identity.org.noneHint')}</p>
          <ButtonLink to="/account/institute-authentication" type="primary" icon={<SafetyCertificateOutlined />}>
            {t('identity.org.certify')}
          </ButtonLink>
        </Empty>
      </Card>
      <Card variant="borderless" title={t('identity.org.memberOf')}>
        {claim ? (
          <p>{t('identity.status.claim', { org: claim.org_name, state: t(`memberStates.${claim.status_name}`) })}</p>
        ) : cert?.source === 'invitation' ? (
          <p>{t('identity.status.verifiedInvitation', { org: cert.title })}</p>
        ) : (
          <p className="mb-muted">{t('identity.org.noMembership')}</p>
        )}
      </Card>
    </Space>
  );
}

function OwnedOrganisation({ org }: { org: Organisation }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [editing, setEditing] = useState(false);
  const certified = org.status === CERT_STATUS.approved;
  const completeness = useOrgCompleteness(certified);
  const missing = completeness.data && !completeness.data.completed ? completeness.data.missing : [];

  const fields =
    org.type === 'Enterprise' ? (
      industryLabel(org.industry, locale)
    ) : (
      <Space size={[4, 4]} wrap>
        {org.research_fields.map((code) => (
          <Tag key={code}>{researchFieldLabel(code, locale)}</Tag>
        ))}
      </Space>
    );

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card variant="borderless">
        <div className="mb-org-head">
          <OrganisationLogo org={org} />
          <div className="mb-org-head-text">
            <h2>{org.name}</h2>
            <Space size={[8, 8]} wrap>
              <Tag color="blue">{t(`roles.${org.type}`)}</Tag>
              <Tag color={STATUS_COLORS[org.status] ?? 'default'}>{t(`orgStates.${org.status_name}`)}</Tag>
              <span className="mb-muted">
                {t('identity.org.labelValue', { label: t('identity.org.creditCode'), value: org.credit_code })}
              </span>
              {org.verified_at && (
                <span className="mb-muted">
                  {t('identity.org.labelValue', {
                    label: t('identity.org.verifiedAt'),
                    value: formatDate(org.verified_at, locale),
                  })}
                </span>
              )}
            </Space>
          </div>
          <Space wrap>
            <ButtonLink to="/account/institute-authentication">{t('identity.org.viewCertification')}</ButtonLink>
            {certified && <ButtonLink to={`/members?id=${org.id}`}>{t('identity.org.viewPublic')}</ButtonLink>}
          </Space>
        </div>
        {missing.length > 0 && (
          <Alert
            type="warning"
            showIcon
            style={{ marginTop: 16 }}
            title={t('identity.org.incomplete', {
              fields: missing
                .map((field) => t(`identity.org.missing.${field as 'logo'}`))
                .join(t('identity.org.listSeparator')),
            })}
          />
        )}
        {!certified && <Alert type="info" showIcon style={{ marginTop: 16 }} title={t('identity.org.editLocked')} />}
      </Card>

      <Card
        variant="borderless"
        title={t('identity.org.profile')}
        extra={
          certified &&
          !editing && (
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
              {t('identity.org.edit')}
            </Button>
          )
        }
      >
        {editing ? (
          <OrganisationProfileForm org={org} onDone={() => setEditing(false)} />
        ) : (
          <Descriptions
            column={{ xs: 1, md: 2 }}
            size="small"
            items={[
              {
                key: 'introduction',
                label: t('identity.org.introduction'),
                span: 2,
                children: org.introduction || <span className="mb-muted">{t('common.notSet')}</span>,
              },
              {
                key: 'area',
                label: t('identity.form.area'),
                children: areaName(org.province_code, org.city_code, locale),
              },
              { key: 'address', label: t('identity.form.address'), children: org.address },
              {
                key: 'website',
                label: t('identity.form.website'),
                children: org.website || <span className="mb-muted">{t('common.notSet')}</span>,
              },
              {
                key: 'fields',
                label: org.type === 'Enterprise' ? t('identity.form.industry') : t('identity.form.researchFields'),
                children: fields,
              },
              {
                key: 'scope',
                label: t(`identity.form.businessScope.${org.type}`),
                span: 2,
                children: org.business_scope,
              },
              {
                key: 'application',
                label: t(`identity.form.applicationDescription.${org.type}`),
                span: 2,
                children: org.application_description,
              },
              { key: 'contact', label: t('identity.form.contact'), children: org.contact },
              { key: 'phone', label: t('identity.form.contactPhone'), children: org.contact_phone },
            ]}
          />
        )}
      </Card>

      {certified ? (
        <InvitationManager org={org} />
      ) : (
        <Alert type="info" showIcon title={t('identity.invitations.needsCertified')} />
      )}
    </Space>
  );
}

function OrganisationLogo({ org }: { org: Organisation }) {
  const { t } = useTranslation();
  const upload = useUploadLogo();
  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!(LOGO_RULE.extensions as readonly string[]).includes(extension) || file.size > LOGO_RULE.maxBytes) {
      notify.error(t('errors.fileRule', { types: LOGO_TYPES, size: LOGO_SIZE }));
      return Upload.LIST_IGNORE;
    }
    return true;
  };
  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    upload
      .mutateAsync(file as File)
      .then((result) => {
        onSuccess?.(result);
        notify.success(t('identity.org.logoSaved'));
      })
      .catch((error: unknown) => onError?.(error instanceof Error ? error : new Error(String(error))));
  };
  return (
    <div className="mb-org-logo">
      <Avatar
        shape="square"
        size={88}
        src={org.logo ?? undefined}
        icon={org.logo ? undefined : <BankOutlined />}
        alt={t('identity.org.logo')}
      />
      <Upload
        accept=".jpg,.png"
        showUploadList={false}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        maxCount={1}
      >
        <Button
          size="small"
          icon={<CameraOutlined />}
          loading={upload.isPending}
          title={t('identity.org.logoHint', { size: LOGO_SIZE })}
        >
          {t('identity.org.logoChange')}
        </Button>
      </Upload>
    </div>
  );
}
