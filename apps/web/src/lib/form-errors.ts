import type { FormInstance } from 'antd';
import { isApiError } from './api-error.ts';
import { notify } from './notify.ts';

/**
 * Shows a failed submit on the form: 400 field errors on their fields (DESIGN §3
 * `result.errors`), anything that names no field of this form as a message. Errors the API client
 * already reported are left alone.
 */
export function showSubmitError(form: FormInstance, error: unknown): void {
  if (!isApiError(error) || error.handled) return;
  const known = new Set(form.getFieldsError().map((field) => field.name.join('.')));
  const onFields = error.fieldErrors.filter((fieldError) => known.has(fieldError.field));
  const elsewhere = error.fieldErrors.filter((fieldError) => !known.has(fieldError.field));
  if (onFields.length > 0) {
    form.setFields(onFields.map((fieldError) => ({ name: fieldError.field.split('.'), errors: [fieldError.message] })));
  }
  if (onFields.length === 0 || elsewhere.length > 0) {
    notify.error(elsewhere[0]?.message ?? error.message);
  }
}
