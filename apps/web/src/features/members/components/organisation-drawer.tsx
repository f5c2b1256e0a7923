import { Descriptions, Drawer, Grid, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../i18n/locale.ts';
import { useOrganisation } from '../api/get-organisations.ts';
import { mscName } from '@mathbridge/contracts/msc-classes';
import { formatMonth } from '../../../lib/format.ts';
import { areaName, industryLabel } from '../../../lib/reference-names.ts';

const href = (website: string) => (/^https?:\/\//i.test(website) ? website : `https://${website}`);

/** One organisation's public profile (org/detail/{id}); contacts only for certified visitors. */
export default function OrganisationDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const screens = Grid.useBreakpoint();
  const detail = useOrganisation(id);
  const org = detail.data;
  const none = <span className="mb-muted">{t('members.detail.none')}</span>;

  return (
    <Drawer open onClose={onClose} size={screens.md ? 640 : '100%'} title={t('members.detail.title')}>
      {!org ? (
        detail.isError ? (
          <p className="mb-muted">{t('members.detail.notFound')}</p>
        ) : (
          <Skeleton avatar active paragraph={{ rows: 8 }} />
        )
      ) : (
        <>
          <div className="mb-member-head mb-member-drawer-head">
            {org.logo ? (
              <img className="mb-member-logo" src={org.logo} alt="" />
            ) : (
              <span className="mb-member-logo mb-member-initial" aria-hidden>
                {org.name.slice(0, 1)}
              </span>
            )}
            <span className="mb-member-title">
              <span className="mb-member-name">{org.name}</span>
              <span>
                <span className={`mb-member-type mb-member-type-${org.type}`}>{t(`roles.${org.type}`)}</span>{' '}
                {org.verified_at && (
                  <span className="mb-muted">{t('members.since', { date: formatMonth(org.verified_at, locale) })}</span>
                )}
              </span>
            </span>
          </div>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              {
                key: 'intro',
                label: t('members.detail.introduction'),
                children: org.introduction || org.summary || none,
              },
              {
                key: 'area',
                label: t('members.detail.area'),
                children: areaName(org.province_code, org.city_code, locale),
              },
              { key: 'address', label: t('members.detail.address'), children: org.address || none },
              {
                key: 'website',
                label: t('members.detail.website'),
                children: org.website ? (
                  <a href={href(org.website)} target="_blank" rel="noopener noreferrer nofollow">
                    {org.website}
                  </a>
                ) : (
                  none
                ),
              },
              org.type === 'Enterprise'
                ? {
                    key: 'industry',
                    label: t('members.detail.industry'),
                    children: org.industry ? industryLabel(org.industry, locale) : none,
                  }
                : {
                    key: 'fields',
                    label: t('members.detail.researchFields'),
                    children: org.research_fields.length
                      ? org.research_fields.map((code) => (
                          <Tag key={code}>{`${code} ${mscName(code, locale) ?? ''}`}</Tag>
                        ))
                      : none,
                  },
              {
                key: 'scope',
                label: t(`members.detail.businessScope.${org.type}`),
                children: org.business_scope || none,
              },
              {
                key: 'application',
                label: t(`members.detail.application.${org.type}`),
                children: org.application_description || none,
              },
              { key: 'code', label: t('members.detail.creditCode'), children: org.credit_code },
              { key: 'members', label: t('members.detail.members'), children: org.member_count },
              ...(org.contact !== null
                ? [
                    { key: 'contact', label: t('members.detail.contact'), children: org.contact },
                    { key: 'phone', label: t('members.detail.contactPhone'), children: org.contact_phone },
                  ]
                : [
                    {
                      key: 'contact',
                      label: t('members.detail.contact'),
                      children: <span className="mb-muted">{t('members.detail.contactHidden')}</span>,
                    },
                  ]),
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
