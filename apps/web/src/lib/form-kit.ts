import dayjs from 'dayjs';
import type { FormInstance, FormItemProps } from 'antd';
import { checkValue, fieldErrors } from '@mathbridge/contracts/validation';
import { currentLocale } from '../i18n/locale.ts';
import { ApiError, isApiError } from './api-error.ts';
import { showSubmitError } from './form-errors.ts';
import type { Schema } from './form-rules.ts';

type Rule = NonNullable<FormItemProps['rules']>[number];

/**
 * A rule for a control whose value is not what the API takes (uploaded images → their ids, the
 * area picker → codes): the value is converted, then checked with the contracts schema.
 */
export function valueRule(schema: Schema, convert: (value: unknown) => unknown): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const message = checkValue(schema, convert(value), currentLocale());
      if (message) throw new Error(message);
    },
  };
}

/** A day picker's value (dayjs) checked as the API takes it, `YYYY-MM-DD`. */
export const dayRule = (schema: Schema): Rule =>
  valueRule(schema, (value) => (dayjs.isDayjs(value) ? value.format('YYYY-MM-DD') : undefined));

/** The area picker's value ([province, city?]) checked by the province code's schema. */
export const areaRule = (schema: Schema): Rule =>
  valueRule(schema, (value) => (Array.isArray(value) && value[0] ? value[0] : undefined));

/**
 * A rule for a cross-field refinement of a contracts object schema (area = province + city, an
 * institution chosen or typed): the whole payload is parsed and the issues at `paths` reported,
 * so the form applies exactly the rule the server applies.
 */
export function payloadRule(schema: Schema, payload: () => unknown, paths: readonly string[]): Rule {
  return {
    validator: async () => {
      const result = schema.safeParse(payload());
      if (result.success) return;
      const mine = fieldErrors(result.error, currentLocale()).find((error) => paths.includes(error.field));
      if (mine) throw new Error(mine.message);
    },
  };
}

/** Whether a schema accepts "absent", i.e. the field is optional (draws the required marker). */
export function isRequired(schema: Schema): boolean {
  return !schema.safeParse(undefined).success;
}

/**
 * Shows a failed submit on the form. The API names its own fields (`province_code`,
 * `certificate_ids.0`); `aliases` maps them to the form's controls (`area`, `certificates`).
 */
export function showFormError(form: FormInstance, error: unknown, aliases: Record<string, string>): void {
  if (!isApiError(error) || error.handled || error.fieldErrors.length === 0) {
    showSubmitError(form, error);
    return;
  }
  const seen = new Set<string>();
  const fieldErrorsMapped = error.fieldErrors.flatMap((fieldError) => {
    const head = fieldError.field.split('.')[0] ?? fieldError.field;
    const field = aliases[fieldError.field] ?? aliases[head] ?? fieldError.field;
    if (seen.has(field)) return [];
    seen.add(field);
    return [{ ...fieldError, field }];
  });
  showSubmitError(
    form,
    new ApiError({
      message: error.message,
      status: error.status,
      kind: error.kind,
      fieldErrors: fieldErrorsMapped,
      handled: false,
    }),
  );
  const first = fieldErrorsMapped[0];
  if (first) form.scrollToField(first.field.split('.'), { behavior: 'smooth', block: 'center' });
}

/**
 * The OK handler of a dialog that holds a form: validates, runs `submit` with the values and shows
 * a refusal on the form. It never rejects: Ant Design's Modal does not catch what `onOk` returns,
 * so a rejected promise (invalid fields, a failed call) became an uncaught error in the console.
 * Invalid fields already say what is wrong; the dialog stays open until `submit` closes it.
 */
export function dialogSubmit<Values>(
  form: FormInstance<Values>,
  submit: (values: Values) => Promise<unknown>,
  aliases: Record<string, string> = {},
): () => Promise<void> {
  return async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      await submit(values);
    } catch (error) {
      showFormError(form, error, aliases);
    }
  };
}

/**
 * Validates the whole form; when a field is wrong, scrolls to the first one (its message shows)
 * and answers null, so a submit handler can simply return.
 */
export async function validateOrScroll<V>(form: FormInstance<V>): Promise<V | null> {
  try {
    return await form.validateFields();
  } catch {
    form.scrollToField(form.getFieldsError().find((field) => field.errors.length)?.name ?? [], {
      behavior: 'smooth',
      block: 'center',
    });
    return null;
  }
}
