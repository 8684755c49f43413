// What happens once per page load. main.tsx imports this module before the app so that it runs
// before the router reads the address.
import { confirmAlipayMiniProgram, environment } from '../env/detect.ts';
import { loadLizard } from '../request/lizard.ts';
import { adoptMiniProgramToken, getSessionId, rememberTraceCode } from '../session/session.ts';

/** The current address without its `ut` parameter. */
function addressWithoutToken(): string {
  const url = new URL(location.href);
  url.searchParams.delete('ut');
  return `${url.pathname}${url.search}${url.hash}`;
}

function startSession(): void {
  if (adoptMiniProgramToken(location.search)) {
    // The token now lives in the cookie; keep it out of the address bar, history and share links.
    history.replaceState(history.state, '', addressWithoutToken());
  } else if (environment().alipay && new URLSearchParams(location.search).has('ut')) {
    // An Alipay mini-program whose UA does not say so: `my.getEnv` answers later, after the
    // first render, so the page reloads once without `ut` and starts logged in.
    void confirmAlipayMiniProgram().then((inMiniProgram) => {
      if (inMiniProgram && adoptMiniProgramToken(location.search))
        location.replace(addressWithoutToken());
    });
  }
  rememberTraceCode(location.search);
  getSessionId();
  // The SDK loader (and the request signing it needs) is its own chunk, fetched only in WeChat.
  if (environment().wechat) void import('../wechat/sdk.ts').then(({ initWechat }) => initWechat());
}

/** The lizard script is not needed for the first paint: load it when the browser is idle. */
export function loadDeferredScripts(): void {
  const run = () =>
    loadLizard().catch((error: unknown) => console.warn('lizard script not loaded', error));
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 3000 });
  else setTimeout(run, 1000);
}

startSession();
