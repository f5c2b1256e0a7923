import type { Schema } from '../../../lib/form-rules.ts';

/**
 * The auth screens are public pages with a first-load budget, so their zod schemas load on first
 * validation instead of with the page (lib/form-rules.ts).
 */
const accounts = () => import('@mathbridge/contracts/accounts');

export const authSchemas = {
  loginPhone: (): Promise<Schema> => accounts().then((m) => m.LoginSchema.shape.phone_details),
  loginPassword: (): Promise<Schema> => accounts().then((m) => m.LoginSchema.shape.password),
  phone: (): Promise<Schema> => accounts().then((m) => m.RegisterSchema.shape.phone),
  code: (): Promise<Schema> => accounts().then((m) => m.RegisterSchema.shape.code),
  password: (): Promise<Schema> => accounts().then((m) => m.RegisterSchema.shape.password),
};
