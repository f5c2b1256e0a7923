// Antd's Input and Input.Password without the rest of the Input family (TextArea, Search, OTP,
// Group), which `import { Input } from 'antd'` drags into the sign-in screens' first load.
export { default as TextInput } from 'antd/es/input/Input';
export { default as PasswordInput } from 'antd/es/input/Password';
