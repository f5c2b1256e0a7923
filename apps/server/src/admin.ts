import { parseArgs } from 'node:util';
import { loadConfig } from './config.ts';
import { migrate, openDatabase } from './db/database.ts';
import { createOrResetAdmin } from './modules/user/admin.service.ts';
import { MOBILE_RE } from '@mathbridge/contracts/validation';
import { PASSWORD_MIN_LENGTH } from '@mathbridge/contracts/constants';

/** `npm run admin -- --phone 138… [--password …]`: creates an admin or resets one's password. */
const { values } = parseArgs({ options: { phone: { type: 'string' }, password: { type: 'string' } } });
if (!values.phone || !MOBILE_RE.test(values.phone)) {
  console.error('usage: npm run admin -- --phone 13800000000 [--password secret]');
  process.exit(2);
}
if (values.password !== undefined && values.password.length < PASSWORD_MIN_LENGTH) {
  console.error(`the password needs at least ${PASSWORD_MIN_LENGTH} characters`);
  process.exit(2);
}
const db = openDatabase(loadConfig());
await migrate(db);
const admin = await createOrResetAdmin(db, values.phone, values.password);
console.log(`${admin.created ? 'Created' : 'Reset'} administrator ${admin.phone}, password: ${admin.password}`);
await db.destroy();
