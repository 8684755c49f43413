// Every setting of the server, its environment variable, its default and its schema, in one
// place. Later features add their settings here, never read process.env elsewhere.
import { Type, type Static } from '@sinclair/typebox';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const MODES = ['development', 'production'] as const;

export const ConfigSchema = Type.Object({
  // Read first: some defaults depend on it (`productionDefault`, applied by loadConfig), and in
  // production the insecure defaults stop the start (config/production.ts).
  mode: Type.Union(
    MODES.map((mode) => Type.Literal(mode)),
    { env: 'MORSEL_ENV', default: 'development', description: 'development or production' },
  ),
  host: Type.String({ minLength: 1, env: 'MORSEL_HOST', default: '0.0.0.0' }),
  port: Type.Integer({ minimum: 0, maximum: 65535, env: 'PORT', default: 8080 }),
  publicUrl: Type.Optional(
    Type.String({
      pattern: '^https?://',
      env: 'MORSEL_PUBLIC_URL',
      description: 'URL printed at start',
    }),
  ),
  trustProxy: Type.Optional(
    Type.String({
      minLength: 1,
      env: 'MORSEL_TRUST_PROXY',
      description:
        'proxies whose X-Forwarded-For is believed: none (default), all, a hop count, or a comma list of IPs/CIDRs',
    }),
  ),
  httpRequestTimeoutMs: Type.Integer({
    minimum: 1000,
    maximum: 600_000,
    env: 'MORSEL_HTTP_REQUEST_TIMEOUT_MS',
    default: 30_000,
  }),
  httpConnectionTimeoutMs: Type.Integer({
    minimum: 1000,
    maximum: 600_000,
    env: 'MORSEL_HTTP_CONNECTION_TIMEOUT_MS',
    default: 60_000,
  }),
  shutdownGraceMs: Type.Integer({
    minimum: 0,
    maximum: 120_000,
    env: 'MORSEL_SHUTDOWN_GRACE_MS',
    default: 10_000,
    description: 'how long requests in flight may finish once a shutdown starts',
  }),
  cspExtraOrigins: Type.Optional(
    Type.String({
      pattern: '^https?://[^,\\s/]+(,https?://[^,\\s/]+)*$',
      env: 'MORSEL_CSP_EXTRA_ORIGINS',
      description:
        'comma list of origins (static asset host) the pages may load scripts, styles and data from',
    }),
  ),
  dataDir: Type.String({ minLength: 1, env: 'MORSEL_DATA_DIR', default: 'data' }),
  databaseUrl: Type.Optional(
    Type.String({ pattern: '^postgres(ql)?://', env: 'MORSEL_DATABASE_URL' }),
  ),
  dbStatementTimeoutMs: Type.Integer({
    minimum: 100,
    maximum: 3_600_000,
    env: 'MORSEL_DB_STATEMENT_TIMEOUT_MS',
    default: 10_000,
  }),
  redisUrl: Type.Optional(Type.String({ pattern: '^rediss?://', env: 'MORSEL_REDIS_URL' })),
  redisPrefix: Type.String({ minLength: 1, env: 'MORSEL_REDIS_PREFIX', default: 'morsel:' }),
  logLevel: Type.Union(
    LOG_LEVELS.map((level) => Type.Literal(level)),
    { env: 'MORSEL_LOG_LEVEL', default: 'info' },
  ),
  webDist: Type.String({ minLength: 1, env: 'MORSEL_WEB_DIST', default: 'apps/web/dist' }),
  seedDemo: Type.Boolean({ env: 'MORSEL_SEED_DEMO', default: true, productionDefault: false }),
  imAppKey: Type.Optional(
    Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$', env: 'MORSEL_IM_APP_KEY' }),
  ),
  imAppSecret: Type.Optional(
    Type.String({ minLength: 12, maxLength: 128, env: 'MORSEL_IM_APP_SECRET' }),
  ),
  // Several processes (docs/operations.md, "Running a cluster").
  role: Type.Union(
    ['all', 'gateway', 'api'].map((role) => Type.Literal(role)),
    {
      env: 'MORSEL_ROLE',
      default: 'all',
      description:
        'all: everything; gateway: the IM links only; api: the HTTP APIs and the web app, no IM links',
    },
  ),
  imGatewayUrl: Type.Optional(
    Type.String({
      pattern: '^https?://[^,\\s]+$',
      env: 'MORSEL_IM_GATEWAY_URL',
      description:
        "this gateway's own address, announced to the load balancer through Redis (default: the public URL, else the bound address)",
    }),
  ),
  // IM gateway (src/im/gateway, docs/im-gateway.md).
  imLinkAddresses: Type.Optional(
    Type.String({
      pattern: '^https?://[^,\\s]+(,https?://[^,\\s]+)*$',
      env: 'MORSEL_IM_LINK_ADDRESSES',
      description: 'comma list of socket server base URLs the load balancer hands out',
    }),
  ),
  imCommandsPerSecond: Type.Integer({
    minimum: 1,
    maximum: 1_000_000,
    env: 'MORSEL_IM_COMMANDS_PER_SECOND',
    default: 100,
  }),
  /** Messages one member may send to one chatroom per second (416 past it). */
  imChatroomMessagesPerSecond: Type.Integer({
    minimum: 1,
    maximum: 1_000_000,
    env: 'MORSEL_IM_CHATROOM_MESSAGES_PER_SECOND',
    default: 20,
  }),
  /**
   * A process that has not vouched for its chatroom connections this long is taken for dead and
   * its members leave the online counts (it vouches every third of this).
   */
  imChatroomProcessTtlSeconds: Type.Integer({
    minimum: 1,
    maximum: 3600,
    env: 'MORSEL_IM_CHATROOM_PROCESS_TTL_SECONDS',
    default: 30,
  }),
  imFrequencyBlockSeconds: Type.Integer({
    minimum: 1,
    maximum: 3600,
    env: 'MORSEL_IM_FREQUENCY_BLOCK_SECONDS',
    default: 10,
  }),
  imLoginTimeoutMs: Type.Integer({
    minimum: 1000,
    maximum: 600_000,
    env: 'MORSEL_IM_LOGIN_TIMEOUT_MS',
    default: 30_000,
  }),
  imHandlerTimeoutMs: Type.Integer({
    minimum: 100,
    maximum: 600_000,
    env: 'MORSEL_IM_HANDLER_TIMEOUT_MS',
    default: 10_000,
  }),
  imMessagesPerDay: Type.Integer({
    minimum: 1,
    maximum: 100_000_000,
    env: 'MORSEL_IM_MESSAGES_PER_DAY',
    default: 50_000,
  }),
  imMessageBytesPerDay: Type.Integer({
    minimum: 16_384,
    maximum: 1_000_000_000_000,
    env: 'MORSEL_IM_MESSAGE_BYTES_PER_DAY',
    default: 100_000_000,
  }),
  imLoginFailuresPerAccount: Type.Integer({
    minimum: 1,
    maximum: 1000,
    env: 'MORSEL_IM_LOGIN_FAILURES_PER_ACCOUNT',
    default: 5,
  }),
  imLoginFailuresPerAddress: Type.Integer({
    minimum: 1,
    maximum: 100_000,
    env: 'MORSEL_IM_LOGIN_FAILURES_PER_ADDRESS',
    default: 20,
  }),
  imLoginBackoffMaxSeconds: Type.Integer({
    minimum: 1,
    maximum: 86_400,
    env: 'MORSEL_IM_LOGIN_BACKOFF_MAX_SECONDS',
    default: 300,
  }),
  imMaxSocketsPerAddress: Type.Integer({
    minimum: 1,
    maximum: 1_000_000,
    env: 'MORSEL_IM_MAX_SOCKETS_PER_ADDRESS',
    default: 100,
  }),
  imMaxConnectionsPerAccount: Type.Integer({
    minimum: 2,
    maximum: 10_000,
    env: 'MORSEL_IM_MAX_CONNECTIONS_PER_ACCOUNT',
    default: 50,
  }),
  imQueueMaxBytes: Type.Integer({
    minimum: 1024 * 1024,
    maximum: 1024 * 1024 * 1024,
    env: 'MORSEL_IM_QUEUE_MAX_BYTES',
    default: 4 * 1024 * 1024,
  }),
  imRestRequireBodySignature: Type.Boolean({
    env: 'MORSEL_IM_REST_REQUIRE_BODY_SIGNATURE',
    default: false,
  }),
  imSearchWindowDays: Type.Integer({
    minimum: 1,
    maximum: 3650,
    env: 'MORSEL_IM_SEARCH_WINDOW_DAYS',
    default: 90,
  }),
  imSearchMaxScanRows: Type.Integer({
    minimum: 1,
    maximum: 1_000_000,
    env: 'MORSEL_IM_SEARCH_MAX_SCAN_ROWS',
    default: 5000,
  }),
  /** Where message copies (NIM's 抄送) are POSTed; unset: no copies (docs/im-server-api.md). */
  imCopyUrl: Type.Optional(
    Type.String({
      pattern: '^https?://[^\\s]+$',
      maxLength: 2048,
      env: 'MORSEL_IM_COPY_URL',
      description: 'the app server URL message copies are POSTed to',
    }),
  ),
  /** Events copied besides messages, as NIM lets an app choose them (docs/im-server-api.md). */
  imCopyEvents: Type.String({
    pattern: '^((login|logout|sysMsg|chatroomMsg)(,(login|logout|sysMsg|chatroomMsg))*)?$',
    env: 'MORSEL_IM_COPY_EVENTS',
    default: '',
    description: 'comma list of events copied besides messages: login, logout, sysMsg, chatroomMsg',
  }),
  imCopyMaxAttempts: Type.Integer({
    minimum: 1,
    maximum: 100,
    env: 'MORSEL_IM_COPY_MAX_ATTEMPTS',
    default: 20,
  }),
  imRecallWindowSeconds: Type.Integer({
    minimum: 0,
    maximum: 30 * 86_400,
    env: 'MORSEL_IM_RECALL_WINDOW_SECONDS',
    default: 120,
  }),
  // Per-account IM quotas (docs/operations.md): rows one account can make others store or push.
  imTeamSysMsgFanoutPerSecond: Type.Integer({
    minimum: 1,
    maximum: 1_000_000,
    env: 'MORSEL_IM_TEAM_SYSMSG_FANOUT_PER_SECOND',
    default: 2000,
  }),
  imEventsPerAccount: Type.Integer({
    minimum: 1,
    maximum: 100_000,
    env: 'MORSEL_IM_EVENTS_PER_ACCOUNT',
    default: 100,
  }),
  imEventSubscriptionsPerAccount: Type.Integer({
    minimum: 1,
    maximum: 1_000_000,
    env: 'MORSEL_IM_EVENT_SUBSCRIPTIONS_PER_ACCOUNT',
    default: 3000,
  }),
  imCollectsPerAccount: Type.Integer({
    minimum: 1,
    maximum: 1_000_000,
    env: 'MORSEL_IM_COLLECTS_PER_ACCOUNT',
    default: 5000,
  }),
  // Client log endpoints (src/im/client-logs, docs/im-server-api.md).
  imUploadTicketTtlSeconds: Type.Integer({
    minimum: 60,
    maximum: 7 * 86_400,
    env: 'MORSEL_IM_UPLOAD_TICKET_TTL_SECONDS',
    default: 43_200,
  }),
  clientLogDailyBytesPerApp: Type.Integer({
    minimum: 1024,
    maximum: 1_000_000_000,
    env: 'MORSEL_CLIENT_LOG_DAILY_BYTES_PER_APP',
    default: 500_000_000,
  }),
  clientLogDailyBytesPerDevice: Type.Integer({
    minimum: 1024,
    maximum: 1_000_000_000,
    env: 'MORSEL_CLIENT_LOG_DAILY_BYTES_PER_DEVICE',
    default: 5_000_000,
  }),
  clientLogDailyBytesPerAddress: Type.Integer({
    minimum: 1024,
    maximum: 1_000_000_000,
    env: 'MORSEL_CLIENT_LOG_DAILY_BYTES_PER_ADDRESS',
    default: 50_000_000,
  }),
  clientLogRetentionDays: Type.Integer({
    minimum: 1,
    maximum: 365,
    env: 'MORSEL_CLIENT_LOG_RETENTION_DAYS',
    default: 14,
  }),
  // IM files (src/im/files, docs/im-files.md): S3-compatible storage when a bucket is set.
  s3Endpoint: Type.Optional(
    Type.String({ pattern: '^https?://[^\\s]+$', env: 'MORSEL_S3_ENDPOINT' }),
  ),
  s3Region: Type.String({
    minLength: 1,
    maxLength: 64,
    env: 'MORSEL_S3_REGION',
    default: 'us-east-1',
  }),
  s3Bucket: Type.Optional(
    Type.String({ pattern: '^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$', env: 'MORSEL_S3_BUCKET' }),
  ),
  s3AccessKeyId: Type.Optional(
    Type.String({ minLength: 3, maxLength: 128, env: 'MORSEL_S3_ACCESS_KEY_ID' }),
  ),
  s3SecretAccessKey: Type.Optional(
    Type.String({ minLength: 8, maxLength: 256, env: 'MORSEL_S3_SECRET_ACCESS_KEY' }),
  ),
  s3ForcePathStyle: Type.Boolean({ env: 'MORSEL_S3_FORCE_PATH_STYLE', default: true }),
  s3Prefix: Type.String({ pattern: '^([A-Za-z0-9_.-]+/)*$', env: 'MORSEL_S3_PREFIX', default: '' }),
  imUploadBytesPerDayPerAccount: Type.Integer({
    minimum: 1024 * 1024,
    maximum: 1_000_000_000_000,
    env: 'MORSEL_IM_UPLOAD_BYTES_PER_DAY_PER_ACCOUNT',
    default: 1024 * 1024 * 1024,
  }),
  imUploadFilesPerDayPerAccount: Type.Integer({
    minimum: 1,
    maximum: 10_000_000,
    env: 'MORSEL_IM_UPLOAD_FILES_PER_DAY_PER_ACCOUNT',
    default: 2000,
  }),
  imUploadBytesPerDayPerAddress: Type.Integer({
    minimum: 1024 * 1024,
    maximum: 1_000_000_000_000,
    env: 'MORSEL_IM_UPLOAD_BYTES_PER_DAY_PER_ADDRESS',
    default: 5 * 1024 * 1024 * 1024,
  }),
  imUploadFilesPerDayPerAddress: Type.Integer({
    minimum: 1,
    maximum: 10_000_000,
    env: 'MORSEL_IM_UPLOAD_FILES_PER_DAY_PER_ADDRESS',
    default: 10_000,
  }),
  // Product API (src/product, docs/product-api.md).
  openApiClients: Type.String({
    pattern: '^[A-Za-z0-9_.-]{1,64}:[^,:\\s]{8,128}(,[A-Za-z0-9_.-]{1,64}:[^,:\\s]{8,128})*$',
    env: 'MORSEL_OPENAPI_CLIENTS',
    default: 'morsel-h5:morsel-h5-public-signing-key',
    description: 'comma list of clientId:secret allowed to call the open-API endpoints',
  }),
  sessionTtlDays: Type.Integer({
    minimum: 1,
    maximum: 365,
    env: 'MORSEL_SESSION_TTL_DAYS',
    default: 30,
  }),
  // SMS (src/product/sms): the outbox is the development provider; aliyun sends for real.
  smsProvider: Type.Union([Type.Literal('outbox'), Type.Literal('aliyun')], {
    env: 'MORSEL_SMS_PROVIDER',
    default: 'outbox',
  }),
  smsAccessKeyId: Type.Optional(
    Type.String({ pattern: '^[A-Za-z0-9]{8,64}$', env: 'MORSEL_SMS_ACCESS_KEY_ID' }),
  ),
  smsAccessKeySecret: Type.Optional(
    Type.String({ minLength: 8, maxLength: 128, env: 'MORSEL_SMS_ACCESS_KEY_SECRET' }),
  ),
  smsSignName: Type.Optional(
    Type.String({ minLength: 1, maxLength: 32, env: 'MORSEL_SMS_SIGN_NAME' }),
  ),
  smsTemplateCode: Type.Optional(
    Type.String({ pattern: '^[A-Za-z0-9_]{1,64}$', env: 'MORSEL_SMS_TEMPLATE_CODE' }),
  ),
  smsEndpoint: Type.String({
    pattern: '^https?://[^\\s]+$',
    env: 'MORSEL_SMS_ENDPOINT',
    default: 'https://dysmsapi.aliyuncs.com',
  }),
  smsTimeoutMs: Type.Integer({
    minimum: 100,
    maximum: 60_000,
    env: 'MORSEL_SMS_TIMEOUT_MS',
    default: 5000,
  }),
  smsDailyLimitPerMobile: Type.Integer({
    minimum: 1,
    maximum: 1000,
    env: 'MORSEL_SMS_DAILY_LIMIT_PER_MOBILE',
    default: 10,
  }),
  smsDailyLimitPerAddress: Type.Integer({
    minimum: 1,
    maximum: 100000,
    env: 'MORSEL_SMS_DAILY_LIMIT_PER_ADDRESS',
    default: 50,
  }),
  smsImageCaptchaAfterPerMobile: Type.Integer({
    minimum: 0,
    maximum: 1000,
    env: 'MORSEL_SMS_IMAGE_CAPTCHA_AFTER_PER_MOBILE',
    default: 2,
  }),
  smsImageCaptchaAfterPerAddress: Type.Integer({
    minimum: 0,
    maximum: 100000,
    env: 'MORSEL_SMS_IMAGE_CAPTCHA_AFTER_PER_ADDRESS',
    default: 10,
  }),
  pageViewRetentionDays: Type.Integer({
    minimum: 1,
    maximum: 3650,
    env: 'MORSEL_PAGE_VIEW_RETENTION_DAYS',
    default: 90,
  }),
  smsOutboxRetentionDays: Type.Integer({
    minimum: 1,
    maximum: 365,
    env: 'MORSEL_SMS_OUTBOX_RETENTION_DAYS',
    default: 7,
  }),
  wechatAppId: Type.Optional(
    Type.String({ pattern: '^wx[0-9a-zA-Z]{6,32}$', env: 'MORSEL_WECHAT_APP_ID' }),
  ),
  wechatAppSecret: Type.Optional(
    Type.String({ minLength: 8, maxLength: 128, env: 'MORSEL_WECHAT_APP_SECRET' }),
  ),
  wechatJsapiTicket: Type.Optional(
    Type.String({ minLength: 8, maxLength: 512, env: 'MORSEL_WECHAT_JSAPI_TICKET' }),
  ),
  wechatApiBase: Type.String({
    pattern: '^https?://',
    env: 'MORSEL_WECHAT_API_BASE',
    default: 'https://api.weixin.qq.com',
  }),
  // WeChat web authorisation (src/product/wechat/oauth.ts, decision 0021): `development` signs in
  // with a labelled development identity and no WeChat at all, `wechat` runs the real OAuth 2.0
  // flow with the official account above, `off` hides it.
  wechatOauth: Type.Union(
    [Type.Literal('development'), Type.Literal('wechat'), Type.Literal('off')],
    { env: 'MORSEL_WECHAT_OAUTH', default: 'development', productionDefault: 'off' },
  ),
  wechatOauthBase: Type.String({
    pattern: '^https?://',
    env: 'MORSEL_WECHAT_OAUTH_BASE',
    default: 'https://open.weixin.qq.com',
    description: 'where the authorise page is (a stand-in in tests)',
  }),
  // The mini-program the jump pages open (generatescheme needs the mini-program's own token).
  wechatMiniAppId: Type.Optional(
    Type.String({ pattern: '^wx[0-9a-zA-Z]{6,32}$', env: 'MORSEL_WECHAT_MINI_APP_ID' }),
  ),
  wechatMiniAppSecret: Type.Optional(
    Type.String({ minLength: 8, maxLength: 128, env: 'MORSEL_WECHAT_MINI_APP_SECRET' }),
  ),
  // Campaigns (src/campaigns, docs/campaigns.md): unset disables the admin API.
  adminKey: Type.Optional(
    Type.String({
      minLength: 16,
      maxLength: 256,
      env: 'MORSEL_ADMIN_KEY',
      description: 'x-admin-key of the campaigns admin API',
    }),
  ),
  // A store device's key: it can redeem coupons and nothing else (campaigns/admin/auth.ts).
  cashierKey: Type.Optional(
    Type.String({
      minLength: 16,
      maxLength: 256,
      env: 'MORSEL_CASHIER_KEY',
      description: 'x-admin-key that may only redeem coupons',
    }),
  ),
  adminFailuresPerHour: Type.Integer({
    minimum: 1,
    maximum: 100_000,
    env: 'MORSEL_ADMIN_FAILURES_PER_HOUR',
    default: 20,
  }),
  // The operator console under /admin (docs/operator-console.md): how long a login lasts, and the
  // failed logins an address or an account may have in an hour before logins are refused.
  consoleSessionHours: Type.Integer({
    minimum: 1,
    maximum: 720,
    env: 'MORSEL_CONSOLE_SESSION_HOURS',
    default: 12,
  }),
  consoleLoginFailuresPerHour: Type.Integer({
    minimum: 1,
    maximum: 100_000,
    env: 'MORSEL_CONSOLE_LOGIN_FAILURES_PER_HOUR',
    default: 10,
  }),
  adminDist: Type.String({ minLength: 1, env: 'MORSEL_ADMIN_DIST', default: 'apps/admin/dist' }),
  // Orders and payment (src/campaigns/commerce, docs/commerce.md). The sandbox cashier is the
  // development default; production refuses it and takes WeChat Pay and/or Alipay.
  paymentSandbox: Type.Boolean({
    env: 'MORSEL_PAYMENT_SANDBOX',
    default: true,
    productionDefault: false,
    description: 'the sandbox cashier (development only)',
  }),
  paymentTimeoutMs: Type.Integer({
    minimum: 500,
    maximum: 60_000,
    env: 'MORSEL_PAYMENT_TIMEOUT_MS',
    default: 10_000,
  }),
  wechatPayMchId: Type.Optional(
    Type.String({ pattern: '^\\d{8,12}$', env: 'MORSEL_WECHATPAY_MCH_ID' }),
  ),
  wechatPayAppId: Type.Optional(
    Type.String({ pattern: '^wx[0-9a-zA-Z]{6,32}$', env: 'MORSEL_WECHATPAY_APP_ID' }),
  ),
  wechatPayMchSerial: Type.Optional(
    Type.String({ pattern: '^[0-9A-Fa-f]{8,64}$', env: 'MORSEL_WECHATPAY_MCH_SERIAL' }),
  ),
  wechatPayPrivateKeyFile: Type.Optional(
    Type.String({ minLength: 1, env: 'MORSEL_WECHATPAY_PRIVATE_KEY_FILE' }),
  ),
  wechatPayPlatformKeyFile: Type.Optional(
    Type.String({ minLength: 1, env: 'MORSEL_WECHATPAY_PLATFORM_KEY_FILE' }),
  ),
  wechatPayPlatformSerial: Type.Optional(
    Type.String({ pattern: '^[0-9A-Za-z_]{8,80}$', env: 'MORSEL_WECHATPAY_PLATFORM_SERIAL' }),
  ),
  wechatPayApiV3Key: Type.Optional(
    Type.String({ pattern: '^[0-9A-Za-z]{32}$', env: 'MORSEL_WECHATPAY_API_V3_KEY' }),
  ),
  wechatPayApiBase: Type.String({
    pattern: '^https?://',
    env: 'MORSEL_WECHATPAY_API_BASE',
    default: 'https://api.mch.weixin.qq.com',
  }),
  alipayAppId: Type.Optional(Type.String({ pattern: '^\\d{8,32}$', env: 'MORSEL_ALIPAY_APP_ID' })),
  alipayPrivateKeyFile: Type.Optional(
    Type.String({ minLength: 1, env: 'MORSEL_ALIPAY_PRIVATE_KEY_FILE' }),
  ),
  alipayPublicKeyFile: Type.Optional(
    Type.String({ minLength: 1, env: 'MORSEL_ALIPAY_PUBLIC_KEY_FILE' }),
  ),
  alipayGateway: Type.String({
    pattern: '^https?://',
    env: 'MORSEL_ALIPAY_GATEWAY',
    default: 'https://openapi.alipay.com/gateway.do',
  }),
  // The maps service of the store stations (spec section 1: a key, version 2.0 and its
  // geolocation plugin; docs/cms-and-stations.md). Without a key the pages show the list alone.
  mapKey: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9]{8,64}$', env: 'MORSEL_MAP_KEY' })),
  mapSecurityCode: Type.Optional(
    Type.String({ pattern: '^[A-Za-z0-9]{8,64}$', env: 'MORSEL_MAP_SECURITY_CODE' }),
  ),
  mapLoaderUrl: Type.String({
    pattern: '^https://[^\\s?#]+$',
    env: 'MORSEL_MAP_LOADER_URL',
    default: 'https://webapi.amap.com/maps',
    description: 'the maps JS API loader; the page adds v=2.0, the key and the geolocation plugin',
  }),
});

export type Config = Static<typeof ConfigSchema>;
