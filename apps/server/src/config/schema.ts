// Every setting of the server, its environment variable, its default and its schema, in one
// place. Later features add their settings here, never read process.env elsewhere.
import { Type, type Static } from '@sinclair/typebox';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const ConfigSchema = Type.Object({
  host: Type.String({ minLength: 1, env: 'MORSEL_HOST', default: '0.0.0.0' }),
  port: Type.Integer({ minimum: 0, maximum: 65535, env: 'PORT', default: 8080 }),
  publicUrl: Type.Optional(
    Type.String({ pattern: '^https?://', env: 'MORSEL_PUBLIC_URL', description: 'URL printed at start' }),
  ),
  dataDir: Type.String({ minLength: 1, env: 'MORSEL_DATA_DIR', default: 'data' }),
  databaseUrl: Type.Optional(
    Type.String({ pattern: '^postgres(ql)?://', env: 'MORSEL_DATABASE_URL' }),
  ),
  redisUrl: Type.Optional(Type.String({ pattern: '^rediss?://', env: 'MORSEL_REDIS_URL' })),
  redisPrefix: Type.String({ minLength: 1, env: 'MORSEL_REDIS_PREFIX', default: 'morsel:' }),
  logLevel: Type.Union(
    LOG_LEVELS.map((level) => Type.Literal(level)),
    { env: 'MORSEL_LOG_LEVEL', default: 'info' },
  ),
  webDist: Type.String({ minLength: 1, env: 'MORSEL_WEB_DIST', default: 'apps/web/dist' }),
  seedDemo: Type.Boolean({ env: 'MORSEL_SEED_DEMO', default: true }),
  imAppKey: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$', env: 'MORSEL_IM_APP_KEY' })),
  imAppSecret: Type.Optional(Type.String({ minLength: 12, maxLength: 128, env: 'MORSEL_IM_APP_SECRET' })),
});

export type Config = Static<typeof ConfigSchema>;
