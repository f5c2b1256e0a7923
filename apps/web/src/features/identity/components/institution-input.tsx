import { CheckCircleFilled } from '@ant-design/icons';
import { AutoComplete, Tag } from 'antd';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrganisationCard } from '@mathbridge/contracts/org';
import { useInstitutionSearch } from '../api/search-institutions.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

/** An institution on the platform (its id) or a typed name. */
export interface InstitutionValue {
  name: string;
  org_id?: number;
}

interface InstitutionInputProps {
  id?: string;
  value?: InstitutionValue;
  onChange?: (value: InstitutionValue) => void;
}

/**
 * Suggests certified organisations (org/listAllV2) as the person types; choosing one records its
 * id (its owner then confirms the membership), typing on keeps just the name.
 */
export function InstitutionInput({ id, value, onChange }: InstitutionInputProps) {
  const { t } = useTranslation();
  const text = value?.name ?? '';
  const keyword = useDebouncedValue(text);
  const search = useInstitutionSearch(value?.org_id ? '' : keyword);
  const chosen = useRef<OrganisationCard | null>(null);

  const options = useMemo(
    () =>
      (search.data ?? []).map((org) => ({
        value: `${org.id}`,
        org,
        label: (
          <span className="mb-institution-option">
            <span>{org.name}</span>
            <Tag color="blue" variant="outlined">
              {t(`roles.${org.type}`)}
            </Tag>
          </span>
        ),
      })),
    [search.data, t],
  );

  return (
    <>
      <AutoComplete
        id={id}
        value={text}
        options={options}
        onChange={(next: string) => {
          // Selecting an option reports its value (the id); typing reports the text.
          const picked = chosen.current;
          if (picked && (next === picked.name || next === `${picked.id}`)) {
            onChange?.({ name: picked.name, org_id: picked.id });
            return;
          }
          chosen.current = null;
          onChange?.({ name: next });
        }}
        onSelect={(_selected: string, option: { org: OrganisationCard }) => {
          chosen.current = option.org;
          onChange?.({ name: option.org.name, org_id: option.org.id });
        }}
        placeholder={t('identity.form.institutionPlaceholder')}
        notFoundContent={search.isFetching ? t('identity.form.institutionSearching') : undefined}
        allowClear
        maxLength={100}
      />
      {value?.org_id !== undefined && (
        <div className="mb-institution-chosen">
          <CheckCircleFilled aria-hidden /> {t('identity.form.institutionOnPlatform')}
        </div>
      )}
    </>
  );
}
