import { AuthPage } from './AuthPage';

export default function RegisterPage() {
  return <AuthPage mode="register" />;
}
