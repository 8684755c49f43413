// The campaign kinds this server runs, with what an instance of each needs (issue 26, decision
// 0059). Each kind's example is its shipped configuration (the seed file whose id is the kind's
// name, else the first of that kind): a configuration that passes the checks, which the console's
// "new campaign" flow starts from. Without seed files (a bare install) the example is null.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ok, type PrizeConfig } from '@morsel/api';
import { route } from '../../api/index.ts';
import type { CampaignContext } from '../context.ts';
import { KINDS } from '../kinds.ts';
import { KIND_GUIDE } from '../kind-guide.ts';
import { CAMPAIGN_SEED_DIR } from '../seed.ts';

interface Example {
  title: string;
  rules: string[];
  settings: unknown;
  prizes: PrizeConfig[];
}

/** Each kind's example from the seed files, read once (they change only with a release). */
function readExamples(dir: string): Map<string, Example> {
  const examples = new Map<string, Example>();
  if (!fs.existsSync(dir)) return examples;
  for (const name of fs.readdirSync(dir).sort()) {
    if (!name.endsWith('.json')) continue;
    // Seed files were checked at start (seed.ts); fields are read as that format names them.
    const file = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as Example & {
      id: string;
      kind: string;
    };
    if (examples.has(file.kind) && file.id !== file.kind) continue;
    examples.set(file.kind, {
      title: file.title,
      rules: file.rules,
      settings: file.settings,
      prizes: file.prizes ?? [],
    });
  }
  return examples;
}

export function registerKindRoutes(scope: FastifyInstance, _ctx: CampaignContext): void {
  let examples: Map<string, Example> | undefined;
  route(scope, 'admin.campaignKinds', async () => {
    examples ??= readExamples(CAMPAIGN_SEED_DIR);
    const known = examples;
    return ok(
      Object.keys(KINDS).map((kind) => {
        const guide = KIND_GUIDE[kind]!;
        return { kind, ...guide, example: known.get(kind) ?? null };
      }),
    );
  });
}
