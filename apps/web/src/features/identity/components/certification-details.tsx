import { Descriptions, Space, Tag, type DescriptionsProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isOrganisationRole,
  type CertificateFile,
  type CertificationDetail,
  type Survey,
} from '@mathbridge/contracts/identity';
import { EDUCATION_DEGREES } from '@mathbridge/contracts/roles';
import { useLocale } from '../../../i18n/locale.ts';
import { CertificateImage } from './certificate-image.tsx';
import { areaName, industryLabel, researchFieldLabel } from '../../../lib/reference-names.ts';
import './identity.css';

type Item = NonNullable<DescriptionsProps['items']>[number];
type FormData = Record<string, unknown>;

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value : undefined);

function CertificateImages({ files }: { files: CertificateFile[] }) {
  const { t } = useTranslation();
  return (
    <Space size={12} wrap>
      {files.map((file, index) => (
        <CertificateImage
          key={file.id}
          fileId={file.id}
          alt={t('identity.upload.preview', { index: index + 1 })}
          size={120}
        />
      ))}
    </Space>
  );
}

/**
 * A certification request as submitted: every field of its identity's form with localized values
 * (area, industry, research fields, degree) and the private certificate images. The applicant sees
 * it on the account pages, reviewers in the to-do list.
 */
export function CertificationDetails({
  certification,
  survey,
}: {
  certification: CertificationDetail;
  survey?: Survey | null;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const data = certification.data as FormData;
  const role = certification.role;
  const items: Item[] = [];
  const add = (key: string, label: string, value: ReactNode, span?: number) => {
    if (value === undefined || value === null || value === '') return;
    items.push({ key, label, children: value, span });
  };
  const fields = Array.isArray(data.research_fields) ? (data.research_fields as string[]) : [];
  const fieldTags = fields.length > 0 && (
    <Space size={[4, 4]} wrap>
      {fields.map((code) => (
        <Tag key={code}>{researchFieldLabel(code, locale)}</Tag>
      ))}
    </Space>
  );
  const images = certification.files.length > 0 && <CertificateImages files={certification.files} />;

  if (certification.source === 'invitation') {
    add('title', t('identity.org.memberOf'), certification.title);
  } else if (isOrganisationRole(role)) {
    add('name', t(`identity.form.name.${role}`), text(data.name));
    add('credit_code', t(`identity.form.creditCode.${role}`), text(data.credit_code));
    add('area', t('identity.form.area'), areaName(text(data.province_code), text(data.city_code), locale));
    add('address', t('identity.form.address'), text(data.address));
    add('website', t('identity.form.website'), text(data.website));
    if (role === 'Enterprise') add('industry', t('identity.form.industry'), industryLabel(text(data.industry), locale));
    else add('research_fields', t('identity.form.researchFields'), fieldTags);
    add('business_scope', t(`identity.form.businessScope.${role}`), text(data.business_scope), 2);
    add(
      'application_description',
      t(`identity.form.applicationDescription.${role}`),
      text(data.application_description),
      2,
    );
    add('contact', t('identity.form.contact'), text(data.contact));
    add('contact_phone', t('identity.form.contactPhone'), text(data.contact_phone));
    add('licence', t(`identity.form.licence.${role}`), images, 2);
  } else {
    const degree = text(data.degree);
    add('truename', t('identity.form.truename'), text(data.truename));
    add('idNumber', t('identity.form.idNumber'), text(data.idNumber));
    add(
      'degree',
      t('identity.form.degree'),
      degree && (EDUCATION_DEGREES as readonly string[]).includes(degree)
        ? t(`identity.form.degrees.${degree as 'master'}`)
        : degree,
    );
    add('institution', t('identity.form.institution'), text(data.institution));
    add('position', t('identity.form.position'), text(data.position));
    add('employeeNumber', t('identity.form.employeeNumber'), text(data.employeeNumber));
    add('studentNumber', t('identity.form.studentNumber'), text(data.studentNumber));
    add('supervisor', t('identity.form.supervisor'), text(data.supervisor));
    add('research_fields', t('identity.form.researchFields'), fieldTags, 2);
    const answers = (data.survey as Survey | undefined) ?? survey ?? undefined;
    if (answers) {
      add('survey.direction', t('identity.form.survey.direction'), answers.direction);
      add(
        'survey.after',
        t('identity.form.survey.afterGraduation'),
        t(`identity.form.survey.afterGraduationOptions.${answers.after_graduation}`),
      );
      add(
        'survey.time',
        t('identity.form.survey.timeInvestment'),
        t(`identity.form.survey.timeOptions.${answers.time_investment}`),
      );
      add('survey.plans', t('identity.form.survey.plans'), answers.plans, 2);
    }
    add('certificates', t(`identity.form.certificates.${role === 'Student' ? 'Student' : 'Specialist'}`), images, 2);
  }

  return <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} items={items} className="mb-cert-details" />;
}
