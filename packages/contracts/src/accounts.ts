import { z } from 'zod';
import { ROLES, VISITOR_ROLE, type VerifyStateName } from './roles.ts';
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

/** `GET user/avatar/{id}`. */
export const UserIdSchema = z.object({ id: IdSchema });

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

/* ---- results ---- */

/** A role as results name it: an identity, Admin, or 'visitors' for a user without either. */
export const RoleNameSchema = z.enum([...ROLES, VISITOR_ROLE]);

/** `POST user/sendVerifyCode`: how long the code lives and when another may be sent, in seconds. */
export const VerifyCodeSentSchema = z.object({ ttl_s: z.number().int(), resend_after_s: z.number().int() });
export type VerifyCodeSent = z.infer<typeof VerifyCodeSentSchema>;

export const AccessTokenSchema = z.object({
  access_token: z.string(),
  /** ISO 8601 time the token stops working. */
  expires_at: z.string(),
});
export type AccessToken = z.infer<typeof AccessTokenSchema>;

/** `POST user/login`, `user/register`. */
export const LoginResultSchema = z.object({ token: AccessTokenSchema, incomplete: z.boolean() });
export type LoginResult = z.infer<typeof LoginResultSchema>;

export const ProfileInfoSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  truename: z.string().nullable(),
  phone: z.string(),
  email: z.string().nullable(),
  contact: z.string().nullable(),
  contact_phone: z.string().nullable(),
  /** `/api/user/avatar/{id}?v=…` (the version changes with every upload), or null. */
  avatar: z.string().nullable(),
});
export type ProfileInfo = z.infer<typeof ProfileInfoSchema>;

/** `GET user/profile`, `POST user/update_profile`. */
export const ProfileSchema = z.object({
  info: ProfileInfoSchema,
  /** The roles held; a user without any holds 'visitors'. */
  roles: z.array(z.object({ roleName: RoleNameSchema, status: z.number().int() })),
  owned_org: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  verification_approve: z.boolean(),
  verify_state: z.number().int().nullable(),
  incomplete: z.boolean(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** `GET user/checkMailRegistered`. */
export const MailRegisteredSchema = z.object({ registered: z.boolean() });
export type MailRegistered = z.infer<typeof MailRegisteredSchema>;

/** `POST user/upload_avatar`: the new avatar's address. */
export const AvatarUploadedSchema = z.object({ avatar: z.string() });
export type AvatarUploaded = z.infer<typeof AvatarUploadedSchema>;

/** A contact as the account pages list it (`ContactSchema` is what a form sends). */
export const ContactEntrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  position: z.string().nullable(),
  is_default: z.number().int(),
  created_at: z.string(),
});
export type Contact = z.infer<typeof ContactEntrySchema>;

/** `GET user/contactList`: every contact of the caller (at most 50, unpaged). */
export const ContactListSchema = z.object({ items: z.array(ContactEntrySchema), total: z.number().int() });
export type ContactList = z.infer<typeof ContactListSchema>;

export type { VerifyStateName };
