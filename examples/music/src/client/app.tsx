import { NotFoundPage } from '@backline/ui';
import { Link, Route, Routes } from 'react-router-dom';
import { HomePage } from './pages/home-page';

export function App() {
  return (
    <Routes>
      <Route path="/" element={<HomePage />} />
      <Route
        path="*"
        element={
          <NotFoundPage
            renderLink={({ href, className, children }) => (
              <Link to={href} className={className} data-variant="primary" data-size="md">
                {children}
              </Link>
            )}
          />
        }
      />
    </Routes>
  );
}
