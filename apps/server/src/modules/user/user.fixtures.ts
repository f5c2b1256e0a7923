import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { VerifyScene } from '@mathbridge/contracts/accounts';
import { call, type CallOptions, type Reply } from '../../test/harness.ts';

/** Test helpers shared by the sign-in and verification-code tests (not a test file itself). */

/** A random private address, so per-IP limits (and Redis keys) of parallel test runs never meet. */
export const newIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

export const countOf = (replies: Reply[], test: (reply: Reply) => boolean) => replies.filter(test).length;

/** Signs in with a phone and password, from the address (and headers) in `options`. */
export const signIn = (app: FastifyInstance, user: { phone: string; password: string }, options: CallOptions = {}) =>
  call(app, 'POST', 'user/login', { phone_details: user.phone, password: user.password }, options);

/** Asks for a verification code for `phone`, from the address (and headers) in `options`. */
export const requestCode = (app: FastifyInstance, phone: string, scene: VerifyScene, options: CallOptions = {}) =>
  call(app, 'POST', 'user/sendVerifyCode', { phone, scene }, options);
