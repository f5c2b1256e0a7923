import type { FormItemProps } from 'antd';
import type { checkValue } from '@mathbridge/contracts/validation';
import { currentLocale } from '../i18n/locale.ts';

type Rule = NonNullable<FormItemProps['rules']>[number];
/** A contracts zod schema (typed through checkValue so the web needs no direct zod dependency). */
export type Schema = Parameters<typeof checkValue>[0];
type SchemaSource = Schema | (() => Promise<Schema>);

// zod and the rule catalog are large and nothing needs them to draw a form, so the checker
// loads with the first validation (see preloadValidation) instead of with the page.
const loadChecker = () => import('@mathbridge/contracts/validation').then((m) => m.checkValue);

/** Starts loading the validation code, e.g. when the user first focuses a form. */
export function preloadValidation(): void {
  void loadChecker();
}

/** Empty inputs reach zod as "absent", so required schemas say 'please fill in' and optional ones pass. */
function normalise(value: unknown): unknown {
  if (value === '' || value === null) return undefined;
  return value;
}

/**
 * An antd Form rule that validates with a contracts zod schema (spec §5), in the UI's locale, so
 * the form and the server apply the very same rule and message. The schema may be given lazily
 * (`() => import(...)`) by pages that must stay light.
 */
export function zodRule(source: SchemaSource): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const [check, schema] = await Promise.all([loadChecker(), typeof source === 'function' ? source() : source]);
      const message = check(schema, normalise(value), currentLocale());
      if (message) throw new Error(message);
    },
  };
}

/** `rules` plus the required marker for a Form.Item, both taken from the schema. */
export function schemaField(schema: Schema): Pick<FormItemProps, 'rules' | 'required'> {
  return { rules: [zodRule(schema)], required: !schema.safeParse(undefined).success };
}

/** Like schemaField for a schema that loads on first use; `required` only draws the marker. */
export function lazySchemaField(
  load: () => Promise<Schema>,
  required: boolean,
): Pick<FormItemProps, 'rules' | 'required'> {
  return { rules: [zodRule(load)], required };
}
