// Request problems as the admin API names them (decision 0037): each wrong field with what it
// expects, in Chinese, all at once. The API scope's error handler turns Ajv's issues on admin routes
// into one message with these; the campaigns' admin helpers (campaigns/admin/problems.ts) add
// semantic problems and TypeBox's issues in the same shape.

export interface Problem {
  /** Dotted path of the field (`settings.dailyChances`, `prizes.3.slot`); '' for the whole body. */
  field: string;
  /** What it expects, or what is wrong with it, in Chinese. */
  expects: string;
}

const line = (p: Problem) => (p.field ? `${p.field} ${p.expects}` : p.expects);

/** One message listing every problem, each once. */
export function problemsText(problems: readonly Problem[]): string {
  return [...new Set(problems.map(line))].join('；');
}

export interface SchemaLike {
  type?: string | string[];
  anyOf?: SchemaLike[];
  const?: unknown;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  minItems?: number;
  pattern?: string;
  format?: string;
  description?: string;
}

function range(min: number | undefined, max: number | undefined, unit: string): string {
  if (min !== undefined && max !== undefined) return `${min} 到 ${max} 之间的${unit}`;
  if (min !== undefined) return `不小于 ${min} 的${unit}`;
  if (max !== undefined) return `不大于 ${max} 的${unit}`;
  return unit;
}

/** What a schema accepts, said in Chinese (`0 到 7 之间的整数`, `grid、wheel 之一`). */
export function expectation(schema: SchemaLike | undefined): string {
  if (!schema) return '正确的取值';
  if (schema.anyOf) {
    const consts = schema.anyOf.filter((s) => s.const !== undefined).map((s) => String(s.const));
    if (consts.length === schema.anyOf.length) return `${consts.join('、')} 之一`;
    const nullable = schema.anyOf.some((s) => s.type === 'null');
    const others = schema.anyOf.filter((s) => s.type !== 'null').map(expectation);
    return [...new Set(others)].join('或') + (nullable ? '，或 null（不限）' : '');
  }
  if (schema.enum) return `${schema.enum.map(String).join('、')} 之一`;
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  switch (schema.type) {
    case 'integer':
      return range(schema.minimum, schema.maximum, '整数');
    case 'number':
      return range(schema.minimum, schema.maximum, '数字');
    case 'boolean':
      return 'true 或 false';
    case 'null':
      return 'null';
    case 'array':
      return schema.maxItems !== undefined ? `列表（最多 ${schema.maxItems} 项）` : '列表';
    case 'object':
      return '对象';
    case 'string': {
      if (schema.format === 'date-time') return 'ISO 8601 时间（带时区）';
      const { minLength: min, maxLength: max } = schema;
      const length =
        min !== undefined && max !== undefined
          ? `${min} 到 ${max} 个字符的文本`
          : max !== undefined
            ? `至多 ${max} 个字符的文本`
            : min !== undefined
              ? `至少 ${min} 个字符的文本`
              : '文本';
      return schema.pattern ? `${length}（格式 ${schema.pattern}）` : length;
    }
    default:
      return '正确的取值';
  }
}

/** One of Ajv's issues, as it reports them with `verbose: true`. */
export interface AjvIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  parentSchema?: SchemaLike;
}

const dotted = (pointer: string) =>
  pointer
    .replace(/^\//, '')
    .split('/')
    .filter(Boolean)
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .join('.');

const join = (...parts: string[]) => parts.filter(Boolean).join('.');

/**
 * Ajv's issues (all of them: the admin scope compiles with `allErrors`) as problems, one per
 * field. A union that failed reports each branch too; its own issue says what the field allows.
 */
export function ajvProblems(issues: readonly AjvIssue[], prefix = ''): Problem[] {
  const unions = new Set(
    issues.filter((i) => i.keyword === 'anyOf').map((i) => dotted(i.instancePath)),
  );
  const problems: Problem[] = [];
  for (const issue of issues) {
    const path = join(prefix, dotted(issue.instancePath));
    if (issue.keyword === 'required') {
      const field = join(path, String(issue.params.missingProperty));
      problems.push({ field, expects: '缺少该字段' });
    } else if (issue.keyword === 'additionalProperties') {
      const field = join(path, String(issue.params.additionalProperty));
      problems.push({ field, expects: '不是可用的字段' });
    } else if (issue.keyword === 'anyOf' || !unions.has(dotted(issue.instancePath))) {
      problems.push({ field: path || prefix, expects: `应为${expectation(issue.parentSchema)}` });
    }
  }
  return dedupe(problems);
}

function dedupe(problems: Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = line(p);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
