import type { Config } from '../config.ts';
import { SealingKey } from './sealed-text.ts';
import { keyFromDataDir } from './secrets.ts';

/** The setting that configures the key, named in errors so a misconfiguration says where to look. */
export const AT_REST_KEY_SETTING = 'ID_NUMBER_KEY';

const keys = new WeakMap<object, SealingKey>();

/**
 * The key that seals short secrets at rest (AES-256-GCM, lib/sealed-text.ts): ID numbers
 * (modules/identity) and the codes of outbox messages not yet sent (modules/platform). It is
 * ID_NUMBER_KEY, else DATA_DIR/secrets/id-number.key (generated on first start, 0600), the same on
 * every instance. One key rather than one per use: each use binds its own context string
 * (`certification.id_number:…`, `outbox.code:…`), so a value sealed for one field never opens as
 * another, and operators keep one secret to distribute and back up.
 */
export function atRestKey(config: Pick<Config, 'idNumberKey' | 'dataDir'>): SealingKey {
  let key = keys.get(config);
  if (!key) {
    key = SealingKey.parse(config.idNumberKey ?? keyFromDataDir(config.dataDir, 'id-number.key'), AT_REST_KEY_SETTING);
    keys.set(config, key);
  }
  return key;
}
