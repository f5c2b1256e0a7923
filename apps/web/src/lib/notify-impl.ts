// antd's static message and Modal APIs. They render with the app's theme and locale through the
// holderRender set in app/providers.tsx (ConfigProvider.config).
export { message, Modal } from 'antd';
