import { Link, Navigate, useNavigate } from 'react-router-dom';
import { useSession } from '../../../shared/session/session-context';
import { AUTH_STRINGS } from '../strings';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';

/** The standalone /login and /register screens: the dialog's forms on a page of their own. */
export function AuthPage({ mode }: { mode: 'login' | 'register' }) {
  const { status } = useSession();
  const navigate = useNavigate();
  if (status === 'authenticated') return <Navigate to="/" replace />;

  const isLogin = mode === 'login';
  return (
    <main className="auth-page">
      <div className="card auth-page__card">
        <Link to="/" className="auth-page__brand">
          АнимеПортал
        </Link>
        <h1>{isLogin ? AUTH_STRINGS.loginPageTitle : AUTH_STRINGS.registerPageTitle}</h1>
        {isLogin ? <LoginForm onSuccess={() => navigate('/', { replace: true })} /> : <RegisterForm onSuccess={() => navigate('/', { replace: true })} />}
        <p className="muted auth-page__switch">
          {isLogin ? AUTH_STRINGS.loginPageText : AUTH_STRINGS.registerPageText}{' '}
          <Link to={isLogin ? '/register' : '/login'}>{isLogin ? AUTH_STRINGS.loginPageSwitch : AUTH_STRINGS.registerPageSwitch}</Link>
        </p>
      </div>
    </main>
  );
}
