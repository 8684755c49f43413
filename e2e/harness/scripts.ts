// Test code added to a page of the app runs as a script file of the app's origin, not as inline
// script: the app's Content-Security-Policy refuses inline script (docs/operations.md, "HTTP
// edge"), and code under test should run under the policy the app really has.
import type { Page } from 'playwright-core';

/** Serves `code` at a path of `origin` for this page only and adds it as a script element. */
export async function addAppScript(
  page: Page,
  origin: string,
  name: string,
  code: string,
): Promise<void> {
  const url = `${origin}/__e2e__/${name}.js`;
  await page.route(url, (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: code }),
  );
  await page.addScriptTag({ url });
}
