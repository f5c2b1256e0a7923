import { useState, type FormEvent, type ReactNode } from 'react';
import { SearchOutlined } from './inline-icon.tsx';

/**
 * A public list's keyword box (plain markup, no antd): it follows the URL's keyword when that
 * changes (on "back" or "show all"); submitting hands the trimmed keyword to `onSearch`. `submit` is
 * the caller's submit button; `className` names the form, `{className}-box` the input's frame.
 */
export function KeywordSearch({
  initial,
  onSearch,
  label,
  className,
  submit,
}: {
  initial: string;
  onSearch: (keyword: string) => void;
  label: string;
  className: string;
  submit: ReactNode;
}) {
  const [draft, setDraft] = useState(initial);
  const [followed, setFollowed] = useState(initial);
  if (followed !== initial) {
    setFollowed(initial);
    setDraft(initial);
  }
  const search = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <form className={className} role="search" onSubmit={search}>
      <span className={`${className}-box`}>
        <SearchOutlined aria-hidden />
        <input
          type="search"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder={label}
          aria-label={label}
          maxLength={50}
        />
      </span>
      {submit}
    </form>
  );
}
