// Writes the route lists of docs/product-api.md and docs/campaigns.md from the @morsel/api
// table (packages/api/src/route-lists.ts), then formats them. Run: npx tsx scripts/api-route-lists.ts
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import { DOC_ROUTE_LISTS, withRouteList } from '../packages/api/src/route-lists.ts';

for (const [doc, names] of Object.entries(DOC_ROUTE_LISTS)) {
  const file = new URL(`../docs/${doc}`, import.meta.url);
  const updated = withRouteList(fs.readFileSync(file, 'utf8'), names);
  if (updated === undefined) throw new Error(`docs/${doc} has no route-list markers`);
  fs.writeFileSync(file, updated);
  execFileSync('npx', ['prettier', '--write', `docs/${doc}`], { stdio: 'inherit' });
}
