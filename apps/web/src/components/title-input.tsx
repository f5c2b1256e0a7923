import { Input, type InputProps } from 'antd';
import type { TFunction } from 'i18next';
import { titleRule, wordLength } from '@mathbridge/contracts/validation';

/**
 * A title field's input and hint, from the same rule the server checks (contracts `titleString`):
 * the count is in word-limit units (a Chinese character counts two), and the hint says the rule in
 * the words its error uses (`validation.titleHint` / `validation.titleLength`).
 */
export function TitleInput({ maxUnits, ...props }: Omit<InputProps, 'count' | 'maxLength'> & { maxUnits: number }) {
  return <Input {...props} count={{ show: true, max: maxUnits, strategy: wordLength }} />;
}

/** The hint under a title field (Form.Item `extra`). */
export const titleHint = (t: TFunction, maxUnits: number): string => t('validation.titleHint', titleRule(maxUnits));
