import { Button, type ButtonProps } from 'antd';
import { useRef } from 'react';

type FilePickerButtonProps = Omit<ButtonProps, 'onClick' | 'htmlType'> & {
  /** The chosen files; the input is emptied after each choice, so the same file may be chosen again. */
  onFiles: (files: File[]) => void;
  multiple?: boolean;
  /** The `accept` list of the native input, e.g. `.pdf,.docx`. */
  accept?: string;
  /** For tests: the native input's `data-testid` (Playwright's setInputFiles needs the input). */
  inputTestId?: string;
};

/**
 * A styled button that opens the browser's file chooser. The native input stays out of sight
 * with an inline `display: none`: the `hidden` attribute alone loses to Ant Design's form CSS
 * (`.ant-form input[type='file'] { display: block }`), which showed a raw "Choose Files" control.
 */
export function FilePickerButton({ onFiles, multiple, accept, inputTestId, ...button }: FilePickerButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button {...button} onClick={() => input.current?.click()} />
      <input
        ref={input}
        type="file"
        multiple={multiple}
        accept={accept}
        hidden
        style={{ display: 'none' }}
        tabIndex={-1}
        aria-hidden
        data-testid={inputTestId}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </>
  );
}
