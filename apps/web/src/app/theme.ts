import type { ThemeConfig } from 'antd';
import type { Locale } from '@mathbridge/contracts/locales';

const LATIN = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial";
const EMOJI = "'Apple Color Emoji', 'Segoe UI Emoji', 'Segoe UI Symbol'";

/**
 * CJK fonts differ per locale: Simplified and Traditional Chinese share code points but not glyph
 * shapes, so each locale lists its own regional fonts first.
 */
const CJK: Record<Locale, string> = {
  'zh-CN':
    "'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', 'Source Han Sans SC'",
  'zh-HK':
    "'PingFang HK', 'PingFang TC', 'Microsoft JhengHei', 'Noto Sans CJK HK', 'Noto Sans CJK TC', 'Noto Sans HK', 'Noto Sans TC'",
  'en-US': "'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC'",
};

export function themeFor(locale: Locale): ThemeConfig {
  return {
    token: {
      colorPrimary: '#1f4fd1',
      colorInfo: '#1f4fd1',
      colorSuccess: '#12a150',
      colorLink: '#1f4fd1',
      borderRadius: 8,
      fontFamily: `${LATIN}, ${CJK[locale]}, sans-serif, ${EMOJI}`,
    },
    components: {
      Layout: { headerBg: '#ffffff', bodyBg: '#f5f7fb' },
      Menu: { itemBg: 'transparent' },
    },
  };
}
