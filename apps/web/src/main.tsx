// First: the session is set up before the router (imported with App) reads the address.
import { loadDeferredScripts } from './shell/startup.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { unstableSetRender } from './ui/index.ts';
import { App } from './shell/App.tsx';
import './shell/global.css';

// antd-mobile's imperative Toast and Dialog render nothing on React 19 without this bridge.
unstableSetRender((node, container) => {
  const root = createRoot(container);
  root.render(node);
  return async () => root.unmount();
});

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
loadDeferredScripts();
