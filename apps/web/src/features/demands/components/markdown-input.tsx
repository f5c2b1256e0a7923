import { Input } from 'antd';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownView } from '../../../components/markdown/markdown-view.tsx';

interface MarkdownInputProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  maxLength?: number;
  rows?: number;
}

/** A Markdown text area with a live preview beside it (formulas rendered by KaTeX). */
export function MarkdownInput({ id, value, onChange, maxLength, rows = 8 }: MarkdownInputProps) {
  const { t } = useTranslation();
  // The preview may lag a keystroke behind; typing never waits for it.
  const preview = useDeferredValue(value ?? '');
  return (
    <div className="mb-md-editor">
      <Input.TextArea
        id={id}
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        rows={rows}
        maxLength={maxLength}
        showCount={!!maxLength}
      />
      <section className="mb-md-preview" aria-label={t('demands.form.preview')}>
        <div className="mb-md-preview-label">{t('demands.form.preview')}</div>
        <MarkdownView source={preview} empty={t('demands.form.previewEmpty')} />
      </section>
    </div>
  );
}
