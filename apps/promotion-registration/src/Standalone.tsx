import { Route, Routes } from 'react-router';
import App from './App.tsx';
// In the entry's own chunk, not lazy: /landing is what ad traffic opens, and a lazy page would cost its visitors one
// more round trip before the template is even asked for.
import PromoPage from './pages/PromoPage.tsx';

/**
 * The standalone entry's routes (index.html → main.tsx): the remote's own routes for dev, plus /landing, where
 * the API serves this build's index.html to ad traffic without the shell (apps/api/src/routes/landing).
 */
export function Standalone() {
  return (
    <Routes>
      <Route path="/landing" element={<PromoPage />} />
      <Route path="*" element={<App />} />
    </Routes>
  );
}
