import { expect, it } from 'vitest';
import { TOKEN_HEADER, UPLOAD_PROFILES } from '@mathbridge/contracts/constants';
import type { FastifyInstance } from 'fastify';
import { exe, jpg as jpeg, png } from '../../test/file-fixtures.ts';
import { call, describeApi, registerUser, useTestApp } from '../../test/harness.ts';

async function upload(app: FastifyInstance, token: string, filename: string, content: Buffer, locale = 'zh-CN') {
  const boundary = '----mbtest';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await app.inject({
    method: 'POST',
    url: '/api/user/upload_avatar?ignore_sign=1',
    headers: {
      [TOKEN_HEADER]: token,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'accept-language': locale,
    },
    payload: body,
  });
  return JSON.parse(response.body) as { status: number; message: string; result: { avatar: string } | null };
}

describeApi('avatar upload', () => {
  const t = useTestApp();
  const max = UPLOAD_PROFILES.image.maxBytes;

  it('stores a png of exactly 2 MB, shows it in the profile and serves its bytes', async () => {
    const user = await registerUser(t().app);
    const content = png(max);
    const reply = await upload(t().app, user.token, 'me.png', content);
    expect(reply.status).toBe(200);
    expect(reply.result?.avatar).toMatch(/^\/api\/user\/avatar\/\d+\?v=/);
    const profile = await call<{ info: { avatar: string } }>(t().app, 'GET', 'user/profile', {}, { token: user.token });
    expect(profile.result.info.avatar).toBe(reply.result?.avatar);
    const served = await t().app.inject({ method: 'GET', url: reply.result?.avatar ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(content)).toBe(true);
  });

  it('accepts a jpg and refuses one byte over 2 MB', async () => {
    const user = await registerUser(t().app);
    expect((await upload(t().app, user.token, 'me.jpg', jpeg(1000))).status).toBe(200);
    const over = await upload(t().app, user.token, 'big.png', png(max + 1), 'en-US');
    expect(over.status).toBe(413);
    expect(over.message).toBe('The file may be at most 2 MB');
  });

  it('refuses a Windows executable renamed .png, a script named .jpg and a gif', async () => {
    const user = await registerUser(t().app);
    const disguised = await upload(t().app, user.token, 'photo.png', exe(), 'en-US');
    expect(disguised.status).toBe(415);
    expect(disguised.message).toBe('Only jpg/png, at most 2 MB');
    expect((await upload(t().app, user.token, 'run.jpg', Buffer.from('#!/bin/sh\nrm -rf /\n'))).status).toBe(415);
    expect((await upload(t().app, user.token, 'x.exe', exe())).status).toBe(415);
    expect((await upload(t().app, user.token, 'anim.gif', Buffer.from('GIF89a' + 'x'.repeat(100)))).status).toBe(415);
  });

  it('never uses the uploaded name on disk, so traversal names are harmless', async () => {
    const user = await registerUser(t().app);
    const reply = await upload(t().app, user.token, '../../../../etc/evil.png', png(500));
    expect(reply.status).toBe(200);
    const row = await t()
      .ctx.db.selectFrom('stored_files')
      .select(['storage_key', 'original_name'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.storage_key).toMatch(/^avatars\/\d{4}\/\d{2}\/[0-9a-f-]{36}$/);
    expect(row.original_name).toBe('evil.png');
  });

  it('should require authentication', async () => {
    expect((await upload(t().app, 'bogus', 'me.png', png(100))).status).toBe(305);
  });
});
