import { createHash } from 'node:crypto';
/* eslint-disable @typescript-eslint/no-explicit-any -- tests read loosely typed JSON answers */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawn } from 'node:child_process';
import { sql } from 'kysely';
import { openDatabase } from '../src/db';
import { appliedMigrations, loadMigrations, migrate, runsAfterFunctions } from '../src/db/migrate';
import { APP_KEY, call, freshDatabase, makeTestApp, usingPostgres, type TestApp } from './helpers';

function makeStaticRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'matka-static-'));
  const put = (rel: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), content);
  };
  put('shell/dist/index.html', '<!doctype html><title>shell</title>');
  put('shell/dist/main.3f9a1c2b7d.js', 'console.log(1)');
  put('shell/dist/favicon.ico', 'ico');
  put('shell/dist/big.0123456789.js', `const text = "${'matka '.repeat(2000)}";`);
  put('remote-regular/dist/remoteEntry.js', 'var regular;');
  put('remote-regular/dist/mf-manifest.json', '{"name":"regular"}');
  put('remote-regular/dist/123.abcdef1234.js', 'chunk');
  put(
    'remote-starline/dist/index.html',
    '<!doctype html><html><head><meta charset="utf-8"><title>Starline</title><script defer src="main.0a1b2c3d4e.js"></script></head><body></body></html>',
  );
  put('remote-starline/dist/main.0a1b2c3d4e.js', 'console.log("starline")');
  put('secret.txt', 'outside the dist folders');
  return root;
}

describe('migration runner', () => {
  test('applies every migration once, in order, and is idempotent (PGlite)', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      const names = loadMigrations().map((m) => m.name);
      expect(names[0]).toBe('001_init');
      // in order, those that name a function's trigger once the functions are applied
      const after = loadMigrations()
        .filter(runsAfterFunctions)
        .map((m) => m.name);
      expect(after).toContain('038_rows_kept');
      expect(await migrate(database)).toEqual([...names.filter((n) => !after.includes(n)), ...after]);
      expect(await migrate(database)).toEqual([]);
      expect(await appliedMigrations(database)).toEqual(names);
      // bigint comes back as a string
      const r = await sql<{ n: string; d: string }>`SELECT 9007199254740993::int8 AS n, DATE '2026-03-10' AS d`.execute(
        database.db,
      );
      expect(r.rows[0]).toEqual({ n: '9007199254740993', d: '2026-03-10' });
    } finally {
      await database.close();
    }
  });

  test('a failing migration leaves nothing behind and reports its name (PGlite)', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      const bad = [
        { name: '001_ok', sql: 'CREATE TABLE a (id int);' },
        { name: '002_bad', sql: 'CREATE TABLE b (id int); SELECT * FROM no_such_table;' },
      ];
      await expect(migrate(database, bad)).rejects.toThrow(/002_bad/);
      expect(await appliedMigrations(database)).toEqual(['001_ok']);
      const t = await sql<{
        n: string;
      }>`SELECT count(*)::int8 AS n FROM information_schema.tables WHERE table_name = 'b'`.execute(database.db);
      expect(t.rows[0].n).toBe('0');
      // the fixed migration applies afterwards
      bad[1].sql = 'CREATE TABLE b (id int);';
      expect(await migrate(database, bad)).toEqual(['002_bad']);
    } finally {
      await database.close();
    }
  });

  (usingPostgres ? test : test.skip)(
    'applies the migrations on PostgreSQL (DATABASE_URL), twice is a no-op, failure rolls back',
    async () => {
      const { database, cleanup } = await freshDatabase();
      try {
        expect(database.kind).toBe('postgres');
        const names = loadMigrations().map((m) => m.name);
        const [a, b] = await Promise.all([migrate(database), migrate(database)]);
        expect([...a, ...b].sort()).toEqual(names); // concurrent runners apply each migration once
        expect(await migrate(database)).toEqual([]);
        await expect(
          migrate(database, [...loadMigrations(), { name: '999_bad', sql: 'CREATE TABLE zz (id int); SELECT 1/0;' }]),
        ).rejects.toThrow(/999_bad/);
        expect(await appliedMigrations(database)).toEqual(names);
        const r = await sql<{ n: string }>`SELECT 9007199254740993::int8 AS n`.execute(database.db);
        expect(r.rows[0].n).toBe('9007199254740993');
        // the wallet can never go below zero
        await expect(
          sql`INSERT INTO users (mobile, name, password_hash, wallet) VALUES ('9000000001', 'x', 'x', -1)`.execute(
            database.db,
          ),
        ).rejects.toThrow(/users_wallet_non_negative/);
      } finally {
        await cleanup();
      }
    },
  );
});

describe('app shell: static files, remotes.json, config.json, healthz', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = makeStaticRoot();
    t = await makeTestApp({
      config: {
        staticRoot: root,
        remoteUrls: { gali: 'https://cdn.example.com/gali/mf-manifest.json' },
        appDownloadUrl: '/matka.apk',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  test('security headers: a CSP that allows the inline config and the configured remote origins', async () => {
    const res = await t.app.inject({ url: '/imp' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    // the console shows a deposit's screenshot from a blob: URL
    expect(csp).toMatch(/img-src 'self' data: blob:/);
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+' https:\/\/cdn\.example\.com/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    // the hash is the inline runtime config's
    const html = res.body;
    const script = /<script>([^<]*)<\/script>/.exec(html)![1];
    const hash = createHash('sha256').update(script).digest('base64');
    expect(csp).toContain(`'sha256-${hash}'`);
    // API answers carry OWASP's set for JSON answers: no script, no frame, no sniffing
    const api = (await t.app.inject({ method: 'POST', url: '/api/api-game-rates', payload: {} })).headers;
    expect(api['x-content-type-options']).toBe('nosniff');
    expect(api['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api['x-frame-options']).toBe('DENY');
    expect(api['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  test('/remotes.json never carries an odd Host header: the paths stay relative', async () => {
    const res = await t.app.inject({ url: '/remotes.json', headers: { host: 'evil.example"><script>' } });
    expect(res.json().regular).toMatch(/^\/remotes\/regular\/v\/[0-9a-f]{12}\/remoteEntry\.js$/);
  });

  test('/healthz pings the database', async () => {
    const res = await t.app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  test('/remotes.json: env URL, else the release of a built family, else its deployed files; no-cache', async () => {
    const res = await t.app.inject({ url: '/remotes.json', headers: { host: 'phone.example:8080' } });
    const version = res.json().releases.regular;
    expect(version).toMatch(/^[0-9a-f]{12}$/);
    expect(res.json()).toEqual({
      regular: `http://phone.example:8080/remotes/regular/v/${version}/remoteEntry.js`,
      starline: 'http://phone.example:8080/remotes/starline/remoteEntry.js',
      gali: 'https://cdn.example.com/gali/mf-manifest.json',
      wallet: 'http://phone.example:8080/remotes/wallet/remoteEntry.js',
      releases: { regular: version },
    });
    expect(res.headers['cache-control']).toBe('no-cache, private');
  });

  test('/config.json', async () => {
    const res = await t.app.inject('/config.json');
    expect(res.json()).toEqual({ apiBase: '/api', appKey: APP_KEY, appDownloadUrl: '/matka.apk', otpLength: 4 });
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  test('index.html carries the runtime config inline; text assets go compressed when accepted', async () => {
    const page = await t.app.inject('/login');
    const inlined = /window\.__MATKA_CONFIG__=(\{.*?\})<\/script>/.exec(page.body);
    expect(JSON.parse(inlined![1])).toEqual({
      apiBase: '/api',
      appKey: APP_KEY,
      appDownloadUrl: '/matka.apk',
      otpLength: 4,
    });

    const plain = await t.app.inject('/big.0123456789.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const raw = plain.rawPayload;
    for (const [encoding, decode] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      const res = await t.app.inject({
        url: '/big.0123456789.js',
        headers: { 'accept-encoding': `${encoding}, deflate` },
      });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(res.rawPayload.length).toBeLessThan(raw.length / 10);
      expect(decode(res.rawPayload).equals(raw)).toBe(true);
      const again = await t.app.inject({
        url: '/big.0123456789.js',
        headers: { 'accept-encoding': encoding, 'if-none-match': String(res.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
    }
  });

  test('SPA fallback: client routes get index.html (no-cache); files are served; missing files 404', async () => {
    for (const url of [
      '/',
      '/login',
      '/imp',
      '/charts',
      '/Charts/',
      '/AddFundHistory',
      '/StarSingle?x=1',
      '/galiIMP/',
    ]) {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>shell</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const js = await t.app.inject('/main.3f9a1c2b7d.js');
    expect(js.statusCode).toBe(200);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.app.inject('/missing.js')).statusCode).toBe(404);
    expect((await t.app.inject('/../secret.txt')).statusCode).toBe(404);
    expect((await t.app.inject('/%2e%2e/secret.txt')).statusCode).toBe(404);
    // API-ish paths never fall back to the SPA
    expect((await t.app.inject('/api/nope')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/login' })).statusCode).toBe(404);
  });

  test('remotes: CORS, cache headers, 404 for a family without a build', async () => {
    const entry = await t.app.inject('/remotes/regular/remoteEntry.js');
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['access-control-allow-origin']).toBe('*');
    expect(entry.headers['cache-control']).toBe('no-cache');
    const manifest = await t.app.inject('/remotes/regular/mf-manifest.json');
    expect(manifest.json()).toEqual({ name: 'regular' });
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const chunk = await t.app.inject('/remotes/regular/123.abcdef1234.js');
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.app.inject('/remotes/gali/remoteEntry.js')).statusCode).toBe(404);
    expect((await t.app.inject('/remotes/nope/remoteEntry.js')).statusCode).toBe(404);
    expect((await t.app.inject('/remotes/regular/../../secret.txt')).statusCode).toBe(404);
  });

  test('standalone remote pages: the bare folder and any route serve index.html (no-cache, <base>); assets 404', async () => {
    for (const url of [
      '/remotes/starline/',
      '/remotes/starline',
      '/remotes/starline/index.html',
      '/remotes/starline/star',
      '/remotes/Starline/StarSingle?x=1',
      '/remotes/starline/a/b/c',
    ]) {
      const res = await t.app.inject(url);
      expect([url, res.statusCode]).toEqual([url, 200]);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<title>Starline</title>');
      // relative script links resolve from any depth
      expect(res.body).toContain('<head><base href="/remotes/starline/">');
      const again = await t.app.inject({ url, headers: { 'if-none-match': String(res.headers.etag) } });
      expect(again.statusCode).toBe(304);
    }
    const js = await t.app.inject('/remotes/starline/main.0a1b2c3d4e.js');
    expect(js.statusCode).toBe(200);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.app.inject('/remotes/starline/missing.0a1b2c3d4e.js')).statusCode).toBe(404);
    expect((await t.app.inject('/remotes/starline/star/missing.css')).statusCode).toBe(404);
    // a family without a build: a clear 404; an unknown family: 404
    const nobuild = await t.app.inject('/remotes/wallet/imp7');
    expect(nobuild.statusCode).toBe(404);
    expect(nobuild.body).toContain('not built');
    expect((await t.app.inject('/remotes/nope/')).statusCode).toBe(404);
    expect((await t.app.inject('/remotes/starline/../../secret.txt')).statusCode).toBe(404);
  });

  test('API answers CORS preflight and carries CORS headers', async () => {
    const pre = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/api-user-login',
      headers: {
        origin: 'http://localhost:3001',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,idempotency-key',
      },
    });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('*');
    const r = await call(t.app, 'api-social-data', {}, { origin: 'http://localhost:3001' });
    expect(r.res.headers['access-control-allow-origin']).toBe('*');
  });

  test('app_key, JSON errors and unknown calls', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/api-social-data', payload: { app_key: 'nope' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ status: false, msg: 'Invalid app key', code: expect.any(String) });
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/api-social-data',
      headers: { 'content-type': 'application/json' },
      payload: '{"app_key":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ status: false });
    const textJson = await t.app.inject({
      method: 'POST',
      url: '/api/api-social-data',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ app_key: APP_KEY }),
    });
    expect(textJson.json()).toMatchObject({ status: true });
    const unknown = await call(t.app, 'api-nope');
    expect(unknown.statusCode).toBe(404);
  });
});

describe('npm start entry (src/main.ts)', () => {
  test('starts on PGlite with a fresh data dir, answers /healthz, /remotes.json, /config.json and stops on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'matka-main-'));
    const tsx = path.join(__dirname, '..', '..', 'node_modules', '.bin', 'tsx');
    const child = spawn(tsx, ['src/main.ts'], {
      cwd: path.join(__dirname, '..'),
      env: {
        ...process.env,
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        INIT_CWD: '',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        NODE_ENV: 'development',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 45_000);
      const onData = (d: Buffer) => {
        out += d.toString();
        const m = /listening on (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.on('exit', (code) => reject(new Error(`server exited ${code}:\n${out}`)));
    });
    try {
      expect(await (await fetch(`${url}/healthz`)).json()).toMatchObject({ status: 'ok', db: 'pglite' });
      const remotes = (await (await fetch(`${url}/remotes.json`)).json()) as any;
      // a built family is served as its first release; before `npm run build`, from its deployed folder
      const release = remotes.releases.regular;
      expect(remotes.regular).toBe(
        release ? `${url}/remotes/regular/v/${release}/remoteEntry.js` : `${url}/remotes/regular/remoteEntry.js`,
      );
      expect(fs.existsSync(path.join(__dirname, '..', '..', 'remote-regular', 'dist', 'remoteEntry.js'))).toBe(
        !!release,
      );
      expect(await (await fetch(`${url}/config.json`)).json()).toMatchObject({ apiBase: '/api' });
      const games: any = await (
        await fetch(`${url}/api/api-starline-game`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ app_key: 'matka-demo-app-key' }),
        })
      ).json();
      expect(games.result).toHaveLength(12); // seeded on first start
      const tokenFile = path.join(dataDir, 'operator-token');
      expect(fs.statSync(tokenFile).mode & 0o777).toBe(0o600);
      // the OTP codes' HMAC key, generated on first start like the operator token
      const otpSecret = path.join(dataDir, 'otp-secret');
      expect(fs.statSync(otpSecret).mode & 0o777).toBe(0o600);
      expect(fs.readFileSync(otpSecret, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      const exited = new Promise((r) => child.on('exit', r));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a half-sent request is not kept open', () => {
  test('headers and half a body, then silence: the server ends the request after REQUEST_TIMEOUT_MS', async () => {
    const t = await makeTestApp({ env: { REQUEST_TIMEOUT_MS: '400' } });
    try {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = t.app.server.address() as { port: number };
      const started = Date.now();
      const answer = await new Promise<string>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.write(
            'POST /api/api-user-login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"mob',
          );
        });
        let got = '';
        socket.on('data', (d) => (got += d.toString()));
        const giveUp = setTimeout(() => socket.destroy(), 5_000);
        socket.on('close', () => {
          clearTimeout(giveUp);
          resolve(got);
        });
      });
      expect(Date.now() - started).toBeLessThan(4_000);
      expect(answer === '' || /^HTTP\/1\.1 408/.test(answer)).toBe(true);
    } finally {
      await t.close();
    }
  });
});
