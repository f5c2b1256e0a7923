import { useTranslation } from 'react-i18next';
import type { OrganisationCard as Card } from '@mathbridge/contracts/org';
import { useLocale } from '../../../i18n/locale.ts';
import { formatMonth } from '../../../lib/format.ts';
import { areaName, industryLabel } from '../../../lib/reference-names.ts';

const MAX_FIELDS = 3;

/** One certified organisation in the directory; the whole card opens its details. */
export function OrganisationCard({ org, onOpen }: { org: Card; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const area = areaName(org.province_code, org.city_code, locale);
  // Research field names come with the MSC table and its zod rules: shown in the details, which
  // load on their own, rather than in the directory's first load.
  const fields = org.type === 'Enterprise' && org.industry ? [industryLabel(org.industry, locale)] : [];
  return (
    <li>
      <button type="button" className="mb-member-card" onClick={() => onOpen(org.id)}>
        <span className="mb-member-head">
          {org.logo ? (
            <img className="mb-member-logo" src={org.logo} alt="" loading="lazy" />
          ) : (
            <span className="mb-member-logo mb-member-initial" aria-hidden>
              {org.name.slice(0, 1)}
            </span>
          )}
          <span className="mb-member-title">
            <span className="mb-member-name">{org.name}</span>
            <span className={`mb-member-type mb-member-type-${org.type}`}>{t(`roles.${org.type}`)}</span>
          </span>
        </span>
        {org.summary && <span className="mb-member-summary">{org.summary}</span>}
        {fields.length > 0 && (
          <span className="mb-member-tags">
            {fields.slice(0, MAX_FIELDS).map((label) => (
              <span key={label} className="mb-member-tag">
                {label}
              </span>
            ))}
            {fields.length > MAX_FIELDS && <span className="mb-member-tag">+{fields.length - MAX_FIELDS}</span>}
          </span>
        )}
        <span className="mb-member-foot">
          <span>{area}</span>
          {org.verified_at && <span>{t('members.since', { date: formatMonth(org.verified_at, locale) })}</span>}
        </span>
      </button>
    </li>
  );
}
