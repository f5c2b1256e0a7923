import { z } from 'zod';
import type { RoleName, VerifyStateName } from './roles.ts';
import {
  EmailSchema,
  IdSchema,
  MobileSchema,
  PasswordSchema,
  PhoneSchema,
  VerifyCodeSchema,
  optionalString,
  requiredString,
} from './validation.ts';

/** Contracts of the accounts calls (DESIGN §3 'Accounts contract'). */

export const VERIFY_SCENES = ['register', 'forget'] as const;
export type VerifyScene = (typeof VERIFY_SCENES)[number];

export const SendVerifyCodeSchema = z.object({
  phone: MobileSchema,
  scene: z.enum(VERIFY_SCENES, { error: 'validation.invalid' }),
});
export type SendVerifyCode = z.infer<typeof SendVerifyCodeSchema>;

export const RegisterSchema = z.object({ phone: MobileSchema, code: VerifyCodeSchema, password: PasswordSchema });
export type Register = z.infer<typeof RegisterSchema>;

export const LoginSchema = z.object({ phone_details: MobileSchema, password: requiredString(200) });
export type Login = z.infer<typeof LoginSchema>;

/** The /forget screen: reset a password with a code sent to the phone. */
export const ResetPasswordSchema = z.object({ phone: MobileSchema, code: VerifyCodeSchema, password: PasswordSchema });
export type ResetPassword = z.infer<typeof ResetPasswordSchema>;

export const ChangePasswordSchema = z.object({ old_password: requiredString(200), password: PasswordSchema });
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

/** Profile fields a user may edit; a field left out stays as it is. */
export const UpdateProfileSchema = z.object({
  account: optionalString(30),
  truename: optionalString(30),
  email: EmailSchema.optional(),
  contact: optionalString(30),
  contact_phone: PhoneSchema.optional(),
});
export type UpdateProfile = z.infer<typeof UpdateProfileSchema>;

export const CheckMailSchema = z.object({ email: EmailSchema });

/** A contact entry of /account/contact-information; with `id` it is an edit. */
export const ContactSchema = z.object({
  id: IdSchema.optional(),
  name: requiredString(30),
  phone: PhoneSchema,
  email: EmailSchema.optional(),
  position: optionalString(30),
  is_default: z.coerce.number().int().min(0).max(1).optional(),
});
export type ContactInput = z.infer<typeof ContactSchema>;

export const ContactDeleteSchema = z.object({ id: IdSchema });

export interface AccessToken {
  access_token: string;
  /** ISO 8601 time the token stops working. */
  expires_at: string;
}

export interface LoginResult {
  token: AccessToken;
  incomplete: boolean;
}

export interface ProfileInfo {
  id: number;
  account: string;
  truename: string | null;
  phone: string;
  email: string | null;
  contact: string | null;
  contact_phone: string | null;
  avatar: string | null;
}

export interface Profile {
  info: ProfileInfo;
  roles: { roleName: RoleName; status: number }[];
  owned_org: { id: number; name: string } | null;
  verification_approve: boolean;
  verify_state: number | null;
  incomplete: boolean;
}

export interface Contact {
  id: number;
  name: string;
  phone: string;
  email: string | null;
  position: string | null;
  is_default: number;
  created_at: string;
}

export type { VerifyStateName };
