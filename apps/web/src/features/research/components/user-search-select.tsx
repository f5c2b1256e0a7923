import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResearchKind } from '@mathbridge/contracts/research';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useUserSearch } from '../api/research.ts';

export interface UserSearchSelectProps {
  kind: ResearchKind;
  id?: string;
  value?: number[];
  onChange?: (value: number[]) => void;
  /** Names already known for ids in the value (members, earlier choices); others show as their number. */
  known?: readonly { id: number; name: string }[];
  /** Ids that may not be chosen (already members or invited). */
  exclude?: readonly number[];
}

/**
 * Users picked by search (name or phone start): certified specialists for subjects, students for
 * directions (`…/searchUsers`, the server's rule). Chosen users keep their names while the search moves on.
 */
export function UserSearchSelect({ kind, id, value, onChange, known = [], exclude = [] }: UserSearchSelectProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const debounced = useDebouncedValue(keyword.trim());
  const search = useUserSearch(kind, debounced);
  const [names, setNames] = useState<Map<number, string>>(() => new Map(known.map((user) => [user.id, user.name])));

  const options = useMemo(() => {
    const shown = new Map<number, string>();
    for (const chosen of value ?? [])
      shown.set(chosen, names.get(chosen) ?? t('research.manage.userNumber', { id: chosen }));
    if (debounced)
      for (const user of search.data ?? [])
        if (!exclude.includes(user.id)) shown.set(user.id, `${user.name} · ${user.phone}`);
    return [...shown].map(([userId, label]) => ({ value: userId, label }));
  }, [value, names, debounced, search.data, exclude, t]);

  return (
    <Select<number[]>
      id={id}
      mode="multiple"
      value={value}
      onChange={(next) => {
        // Chosen users keep their names once the search moves on.
        const found = search.data ?? [];
        setNames((current) => {
          const kept = new Map(current);
          for (const user of found) if (next.includes(user.id)) kept.set(user.id, user.name);
          return kept;
        });
        onChange?.(next);
      }}
      options={options}
      showSearch={{ onSearch: setKeyword, searchValue: keyword, filterOption: false }}
      onBlur={() => setKeyword('')}
      loading={search.isFetching}
      placeholder={t(`research.manage.userSearch.${kind}`)}
      notFoundContent={debounced ? t('research.manage.userSearch.none') : t('research.manage.userSearch.hint')}
      data-testid="user-search"
    />
  );
}
