import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './providers/AppProviders';
import { RealtimeConnection } from './RealtimeConnection';
import { AppRoutes } from './router/AppRoutes';

export function App() {
  return (
    <BrowserRouter>
      <AppProviders>
        <RealtimeConnection />
        <AppRoutes />
      </AppProviders>
    </BrowserRouter>
  );
}
