import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { freePort } from './child-server.ts';
import { call, describeApi, registerUser, useTestApp } from './harness.ts';

/**
 * Issue 14: Redis going away degrades clearly. An instance whose REDIS_URL answers nothing refuses
 * what needs a limit (codes, sign-in, registration) with 429 and a message saying so — never
 * unlimited, never a 500 — while reads, sessions and health go on.
 */
describeApi('Redis unreachable: limits fail closed, reads stay open', () => {
  const t = useTestApp();
  let down: FastifyInstance;
  beforeAll(async () => {
    const config = t().ctx.config;
    const port = await freePort();
    down = (
      await buildApp(
        loadConfig({
          NODE_ENV: 'test',
          DATA_DIR: config.dataDir,
          WEB_DIST: config.webDist,
          DATABASE_URL: config.databaseUrl ?? '',
          DATABASE_SCHEMA: config.databaseSchema ?? '',
          REDIS_URL: `redis://127.0.0.1:${port}`,
        }),
      )
    ).app;
  }, 30_000);
  afterAll(async () => {
    await down?.close();
  });

  it('codes and sign-in answer 429 "briefly unavailable" in each locale; nothing is sent or created', async () => {
    const user = await registerUser(t().app);
    const phone = '13912300077';
    const code = await call(down, 'POST', 'user/sendVerifyCode', { phone, scene: 'register' });
    expect(code).toMatchObject({ status: 429, message: '登录与验证码服务暂时不可用，请稍后再试' });
    const login = await call(
      down,
      'POST',
      'user/login',
      { phone_details: user.phone, password: user.password },
      { locale: 'en-US' },
    );
    expect(login).toMatchObject({
      status: 429,
      message: 'Sign-in and verification codes are briefly unavailable; please try again shortly',
    });
    const wrong = await call(
      down,
      'POST',
      'user/login',
      { phone_details: user.phone, password: 'not-the-password' },
      { locale: 'zh-HK' },
    );
    expect(wrong).toMatchObject({ status: 429, message: '登入與驗證碼服務暫時不可用，請稍後再試' });
    const outbox = await t().app.inject({ method: 'GET', url: `/api/dev/outbox?to=${phone}` });
    expect((JSON.parse(outbox.body) as { result: unknown[] }).result).toEqual([]);
  }, 60_000);

  it('reads go on: health, public lists and a signed-in user’s own profile', async () => {
    const user = await registerUser(t().app);
    expect((await call(down, 'GET', 'health', {}, { unsigned: true })).status).toBe(200);
    expect((await call(down, 'GET', 'org/listAllV2', {})).status).toBe(200);
    expect((await call(down, 'GET', 'user/profile', {}, { token: user.token })).status).toBe(200);
    expect((await down.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  }, 30_000);
});
