import { Space, Tag } from 'antd';
import { useLocale } from '../i18n/locale.ts';
import { researchFieldLabel } from '../lib/reference-names.ts';

/** MSC fields (of a wish, a subject, a direction) as tags ("90 Operations research"). */
export function MscTags({ codes }: { codes: readonly string[] }) {
  const locale = useLocale();
  return (
    <Space size={[4, 4]} wrap>
      {codes.map((code) => (
        <Tag key={code}>{researchFieldLabel(code, locale)}</Tag>
      ))}
    </Space>
  );
}
