// The console's routes: the login page for visitors; for an account, the pages its role sees
// inside the layout, and its home page for anything else.
import { Suspense } from 'react';
import { Spin } from 'antd';
import { Navigate, Route, Routes } from 'react-router';
import { homeOf, PAGES } from './routes.tsx';
import { ConsoleLayout } from './ui/ConsoleLayout.tsx';
import { useSession } from './ui/session.tsx';
import LoginPage from './pages/LoginPage.tsx';

const loading = <Spin style={{ display: 'block', margin: '120px auto' }} />;

export function App() {
  const { account } = useSession();
  if (account === undefined) return loading;
  if (account === null)
    return (
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="*" element={<Navigate to="/login" replace />} />
      </Routes>
    );
  return (
    <ConsoleLayout>
      <Suspense fallback={loading}>
        <Routes>
          {PAGES.filter((p) => p.roles.includes(account.role)).map(({ path, page: Page }) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          <Route path="*" element={<Navigate to={homeOf(account.role)} replace />} />
        </Routes>
      </Suspense>
    </ConsoleLayout>
  );
}
