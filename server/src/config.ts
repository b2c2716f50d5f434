import path from 'node:path';

export interface RateLimitConfig {
  /** attempts allowed per key inside the window */
  loginPerMobile: number;
  loginPerIp: number;
  otpPerMobile: number;
  otpPerIp: number;
  windowMs: number;
}

export interface AppConfig {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  appKey: string;
  nodeEnv: string;
  production: boolean;
  smsProvider: string;
  operatorToken?: string;
  defaultBettingStatus: '0' | '1';
  appDownloadUrl: string;
  remoteUrls: Partial<Record<Family, string>>;
  staticRoot: string;
  rateLimits: RateLimitConfig;
  /** log level for fastify ('silent' in tests) */
  logLevel: string;
}

export const FAMILIES = ['regular', 'starline', 'gali', 'wallet'] as const;
export type Family = (typeof FAMILIES)[number];

export const DEFAULT_RATE_LIMITS: RateLimitConfig = {
  loginPerMobile: 10,
  loginPerIp: 100,
  otpPerMobile: 6,
  otpPerIp: 60,
  windowMs: 15 * 60 * 1000,
};

function intEnv(v: string | undefined, dflt: number): number {
  if (v === undefined || v === '') return dflt;
  const n = Number(v);
  return Number.isFinite(n) ? n : dflt;
}

/** Reads the configuration from the environment (every field has a demo default). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const nodeEnv = env.NODE_ENV || 'development';
  const remoteUrls: Partial<Record<Family, string>> = {};
  for (const f of FAMILIES) {
    const v = env[`REMOTE_${f.toUpperCase()}_URL`];
    if (v) remoteUrls[f] = v;
  }
  const cfg: AppConfig = {
    host: env.HOST || '127.0.0.1',
    port: intEnv(env.PORT, 8080),
    // relative to where npm was invoked (INIT_CWD), so `npm start` and `npm run operator` agree
    dataDir: path.resolve(env.INIT_CWD || process.cwd(), env.DATA_DIR || './.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    appKey: env.APP_KEY || 'matka-demo-key',
    nodeEnv,
    production: nodeEnv === 'production',
    smsProvider: env.SMS_PROVIDER || 'console',
    operatorToken: env.OPERATOR_TOKEN || undefined,
    defaultBettingStatus: env.DEFAULT_BETTING_STATUS === '0' ? '0' : '1',
    appDownloadUrl: env.APP_DOWNLOAD_URL || '/app.apk',
    remoteUrls,
    // server/src -> repo root
    staticRoot: path.resolve(env.STATIC_ROOT || path.join(__dirname, '..', '..')),
    rateLimits: {
      loginPerMobile: intEnv(env.RATE_LIMIT_LOGIN_PER_MOBILE, DEFAULT_RATE_LIMITS.loginPerMobile),
      loginPerIp: intEnv(env.RATE_LIMIT_LOGIN_PER_IP, DEFAULT_RATE_LIMITS.loginPerIp),
      otpPerMobile: intEnv(env.RATE_LIMIT_OTP_PER_MOBILE, DEFAULT_RATE_LIMITS.otpPerMobile),
      otpPerIp: intEnv(env.RATE_LIMIT_OTP_PER_IP, DEFAULT_RATE_LIMITS.otpPerIp),
      windowMs: intEnv(env.RATE_LIMIT_WINDOW_MS, DEFAULT_RATE_LIMITS.windowMs),
    },
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
  };
  return { ...cfg, ...overrides };
}

/** Demo mode: OTP codes are returned in responses, logged, and readable from the dev outbox. */
export function isDemoSms(cfg: AppConfig): boolean {
  return cfg.smsProvider === 'console' && !cfg.production;
}
