// First: the session is set up before the router (imported with App) reads the address.
import { loadDeferredScripts } from './shell/startup.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './shell/App.tsx';
import { startFirstPageChunk } from './routes/firstChunk.ts';
import { servedRoutes } from './routes/table.ts';
import { isLoggedIn } from './session/session.ts';
// antd-mobile's own variables first, so that global.css's theme (--adm-color-primary...) wins.
import 'antd-mobile/es/global';
import './shell/global.css';

// Before the first render: the page's chunk downloads while React sets up.
startFirstPageChunk(location.pathname, servedRoutes(), isLoggedIn());

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const root = createRoot(container);
// As a transition, the first render yields to the browser every few milliseconds instead of
// holding the main thread for the whole page (one long task of several hundred ms under
// Lighthouse's 4x CPU slowdown: Total Blocking Time). Nothing is on screen yet to keep.
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
loadDeferredScripts();
