/**
 * Each family's releases: the deployed build is the first stable release; a new build reaches players
 * only once released; a canary goes to its share of players, the same release on every load for a
 * player, the server's choice (before login the stable release, whatever the client asks); rollback and
 * promote; every step audited; the shell's health reports, from signed-in players only, counted by family
 * and release in /metrics and on the status; an automatic rollback needs several players' failures, and
 * one address forging reports moves nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { registry } from '../src/services/metrics';
import { OPERATOR_TOKEN, createUser, makeTestApp, operatorCall, type TestApp } from './helpers';

let t: TestApp;
let root: string;

/** Writes a build of gali into remote-gali/dist, as `npm run build -w remote-gali` does. */
function build(version: string, body = `/* gali ${version} */ var matka_remote_gali = {};`) {
  const dist = path.join(root, 'remote-gali', 'dist');
  fs.rmSync(dist, { recursive: true, force: true });
  fs.mkdirSync(dist, { recursive: true });
  fs.writeFileSync(path.join(dist, 'remoteEntry.js'), body);
  fs.writeFileSync(path.join(dist, 'app.0123456789.js'), `/* ${version} chunk */`);
  fs.writeFileSync(path.join(dist, 'release.json'), JSON.stringify({ family: 'gali', version }));
}

async function remotes(headers: Record<string, string> = {}, query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/remotes.json${query}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json() as Record<string, string> & { releases: Record<string, string> };
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'matka-releases-'));
  build('gali-1');
  t = await makeTestApp({ config: { staticRoot: root, releasesDir: path.join(root, 'kept') } });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

test('the deployed build is the first stable release; a new build waits for its release', async () => {
  const first = await remotes();
  expect(first.gali).toMatch(/\/remotes\/gali\/v\/gali-1\/remoteEntry\.js$/);
  expect(first.releases).toEqual({ gali: 'gali-1' });
  // a family that is not built is served from its deployed files, with no release
  expect(first.regular).toMatch(/\/remotes\/regular\/remoteEntry\.js$/);
  const file = await t.app.inject({ method: 'GET', url: '/remotes/gali/v/gali-1/remoteEntry.js' });
  expect(file.statusCode).toBe(200);
  expect(file.body).toContain('gali gali-1');
  expect((await t.app.inject({ method: 'GET', url: '/remotes/gali/v/gali-1/..%2f..%2fetc/passwd' })).statusCode).toBe(
    404,
  );
  expect((await t.app.inject({ method: 'GET', url: '/remotes/gali/v/nope/remoteEntry.js' })).statusCode).toBe(404);

  build('gali-2');
  expect((await remotes()).gali).toContain('/v/gali-1/');
  // the old build's files are still served: a tab that loaded them keeps working
  expect((await t.app.inject({ method: 'GET', url: '/remotes/gali/v/gali-1/app.0123456789.js' })).body).toContain(
    'gali-1',
  );
  const status = await operatorCall(t, 'families');
  const gali = status.body.families.find((f: { family: string }) => f.family === 'gali');
  expect(gali).toMatchObject({ built: 'gali-2', stable: 'gali-1', canary: null });
  expect(gali.releases.map((r: { version: string; createdBy: string }) => [r.version, r.createdBy])).toEqual([
    ['gali-1', 'deployed build'],
  ]);
});

test('a 50 % canary: each player keeps its release, before login the stable; rollback sends everyone back', async () => {
  const release = await operatorCall(t, 'families/release', { family: 'gali', target: 'gali-2', canary: 50 });
  expect(release.statusCode).toBe(200);
  expect(release.body.msg).toBe('gali gali-2 released to 50% of players (stable: gali-1)');

  const players = await Promise.all(Array.from({ length: 40 }, () => createUser(t)));
  const first = await Promise.all(players.map((p) => remotes({ 'x-unique-token': p.token })));
  const again = await Promise.all(players.map((p) => remotes({ 'x-unique-token': p.token }, '?device=another-1')));
  expect(again.map((r) => r.releases.gali)).toEqual(first.map((r) => r.releases.gali));
  const onCanary = first.filter((r) => r.releases.gali === 'gali-2').length;
  expect(onCanary).toBeGreaterThanOrEqual(10);
  expect(onCanary).toBeLessThanOrEqual(30);
  for (const r of first) expect(r.gali).toContain(`/v/${r.releases.gali}/`);
  // before login: the stable release, whatever the client asks for (the cohort is the server's choice)
  for (let i = 0; i < 20; i++)
    expect((await remotes({}, `?device=device-0123456789abcde${i.toString(16)}`)).releases.gali).toBe('gali-1');

  const back = await operatorCall(t, 'families/rollback', { family: 'gali' });
  expect(back.body.msg).toBe('gali: every player is back on gali-1');
  const after = await Promise.all(players.map((p) => remotes({ 'x-unique-token': p.token })));
  expect(new Set(after.map((r) => r.releases.gali))).toEqual(new Set(['gali-1']));

  const audit = await t.ctx.db
    .selectFrom('operator_audit')
    .select(['action', 'target', 'after'])
    .where('action', 'like', 'family %')
    .orderBy('id')
    .execute();
  expect(audit.map((a) => [a.action, a.target])).toEqual([
    ['family release', 'gali'],
    ['family rollback', 'gali'],
  ]);
  expect(audit[0].after).toMatchObject({ stable: 'gali-1', canary: 'gali-2', canaryPercent: 50 });
});

test('release to everyone, promote, rollback to the stable before, and what is refused', async () => {
  const refuse = async (url: string, body: Record<string, unknown>, msg: string | RegExp) => {
    const r = await operatorCall(t, url, body);
    expect(r.statusCode).toBe(400);
    expect(r.body.msg).toMatch(msg);
  };
  await refuse('families/promote', { family: 'gali' }, 'gali has no canary release to promote');
  await refuse('families/rollback', { family: 'gali' }, 'gali has no earlier release to go back to');
  await refuse('families/release', { family: 'gali', target: 'gali-9' }, /^No build gali-9 of gali: build it/);
  await refuse('families/release', { family: 'gali', target: 'gali-1' }, 'gali gali-1 is already the stable release');
  await refuse('families/release', { family: 'casino', target: 'x' }, /^Family must be one of regular, starline/);
  await refuse('families/release', { family: 'gali', target: 'gali-2', canary: 100 }, /whole percent from 1 to 99/);
  await refuse('families/release', { family: 'gali', target: 'ftp://x/remoteEntry.js' }, /is not a version or a URL/);
  await refuse(
    'families/release',
    { family: 'gali', target: 'https://cdn.example/gali/app.js' },
    /names its remoteEntry\.js/,
  );

  expect((await operatorCall(t, 'families/release', { family: 'gali', target: 'gali-2' })).body.msg).toBe(
    'gali gali-2 released to every player',
  );
  expect((await remotes()).releases.gali).toBe('gali-2');

  const hosted = 'https://cdn.example/gali/3/remoteEntry.js';
  await operatorCall(t, 'families/release', { family: 'gali', target: hosted, canary: 99 });
  const players = await Promise.all(Array.from({ length: 5 }, () => createUser(t)));
  const seen = await Promise.all(players.map((p) => remotes({ 'x-unique-token': p.token })));
  expect(seen.some((r) => r.gali === hosted)).toBe(true);
  const promoted = await operatorCall(t, 'families/promote', { family: 'gali' });
  expect(promoted.body.family).toMatchObject({ canary: null, earlier: ['gali-1', 'gali-2'] });
  expect((await remotes()).gali).toBe(hosted);

  await operatorCall(t, 'families/rollback', { family: 'gali' });
  expect((await remotes()).releases.gali).toBe('gali-2');
  await operatorCall(t, 'families/rollback', { family: 'gali' });
  expect((await remotes()).releases.gali).toBe('gali-1');
});

test("the shell's reports: counted by family and release in /metrics and on the status", async () => {
  const player = await createUser(t);
  const send = (payload: unknown, contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: '/telemetry/families',
      headers: { 'content-type': contentType },
      payload:
        typeof payload === 'string' ? payload : JSON.stringify({ unique_token: player.token, ...(payload as object) }),
    });
  const events = [
    ...Array.from({ length: 4 }, () => ({ family: 'gali', version: 'gali-1', kind: 'view' })),
    { family: 'gali', version: 'gali-1', kind: 'error' },
    { family: 'gali', version: 'gali-1', kind: 'load' },
    // a release nobody made is not counted (nobody invents labels)
    { family: 'gali', version: 'made-up', kind: 'error' },
  ];
  const r = await send({ events });
  expect(r.json()).toEqual({ status: true, counted: 6 });
  // a beacon sent as text (navigator.sendBeacon with a string) counts the same
  expect((await send({ events: [events[0]] }, 'text/plain;charset=UTF-8')).json()).toEqual({
    status: true,
    counted: 1,
  });
  expect((await send({ events: [] })).statusCode).toBe(400);
  expect((await send({ events: [{ family: 'casino', version: 'x', kind: 'view' }] })).statusCode).toBe(400);
  expect((await send('not json', 'text/plain')).statusCode).toBe(400);
  // a report without a signed-in player's token counts nothing
  const anonymous = await send({ events, unique_token: undefined });
  expect(anonymous.statusCode).toBe(401);
  expect(anonymous.json()).toEqual({
    status: false,
    msg: 'Reports count only from signed-in players: sign in',
    code: expect.any(String),
  });
  expect((await send({ events, unique_token: 'not-a-token' })).statusCode).toBe(401);

  const metrics = await registry.getSingleMetricAsString('matka_family_events_total');
  expect(metrics).toMatch(/matka_family_events_total\{family="gali",version="gali-1",kind="error"\} 1$/m);
  expect(metrics).toMatch(/matka_family_events_total\{family="gali",version="gali-1",kind="view"\} 5$/m);
  expect(metrics).not.toContain('made-up');
  const status = await operatorCall(t, 'families');
  const gali = status.body.families.find((f: { family: string }) => f.family === 'gali');
  expect(gali.health.stable).toEqual({
    pageViews: 5,
    loadFailures: 1,
    errors: 1,
    perThousand: 400,
    players: 1,
    failingPlayers: 1,
  });
});

test("releasing is an owner's right (the CLI token acts as an owner)", async () => {
  const { body } = await operatorCall(t, 'families');
  expect(body.status).toBe(true);
  const { rolesWith } = await import('@matka/shared/domain');
  expect(rolesWith('releases')).toEqual(['owner']);
});

test('the CLI: family status, release with --canary, promote, rollback, and usage errors', async () => {
  const { run } = await import('../src/cli/operator');
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as import('node:net').AddressInfo;
  const cli = async (...argv: string[]) => {
    const out: string[] = [];
    const code = await run(
      argv,
      { SERVER_URL: `http://127.0.0.1:${port}`, OPERATOR_TOKEN: OPERATOR_TOKEN },
      {
        out: (s) => out.push(s),
        err: (s) => out.push(s),
      },
    );
    return { code, out: out.join('\n') };
  };
  build('gali-3');
  const status = await cli('family', 'status');
  expect(status.code).toBe(0);
  expect(status.out).toContain('gali: stable gali-1');
  expect(status.out).toContain('built, not released: gali-3');

  const released = await cli('family', 'release', 'gali', 'gali-3', '--canary', '30');
  expect(released).toEqual({
    code: 0,
    out: expect.stringContaining('gali gali-3 released to 30% of players (stable: gali-1)'),
  });
  expect((await cli('family', 'promote', 'gali')).out).toContain(
    'gali gali-3 is now the stable release for every player',
  );
  expect((await cli('family', 'rollback', 'gali')).out).toContain('gali: every player is back on gali-1');

  const usage = async (argv: string[], msg: string) => {
    const r = await cli(...argv);
    expect(r.code).toBe(2);
    expect(r.out).toContain(`Error: ${msg}`);
  };
  await usage(['family', 'release', 'gali'], 'family release needs <family> <version or URL>');
  await usage(
    ['family', 'release', 'gali', 'gali-3', '--canary', '0'],
    '--canary must be a whole percent from 1 to 99',
  );
  await usage(['family', 'release', 'casino', 'x'], "'casino' is not a family (regular, starline, gali, wallet)");
  await usage(['family', 'ship', 'gali'], "family needs a command: status, release, promote, rollback (not 'ship')");
  const refused = await cli('family', 'promote', 'gali');
  expect(refused).toEqual({ code: 1, out: 'Error: gali has no canary release to promote' });
});

test('canary_auto_rollback 1: a canary that fails for several players, well more than the stable, ends by itself', async () => {
  build('gali-4');
  await operatorCall(t, 'families/release', { family: 'gali', target: 'gali-4', canary: 10 });
  const beacon = (token: string, events: { version: string; kind: string }[]) =>
    t.app.inject({
      method: 'POST',
      url: '/telemetry/families',
      headers: { 'content-type': 'application/json' },
      payload: { unique_token: token, events: events.map((e) => ({ family: 'gali', ...e })) },
    });
  const views = (version: string, n: number) => Array.from({ length: n }, () => ({ version, kind: 'view' }));
  const errors = (version: string, n: number) => Array.from({ length: n }, () => ({ version, kind: 'error' }));
  const gali = async () =>
    (await operatorCall(t, 'families')).body.families.find((f: { family: string }) => f.family === 'gali');
  // the stable release on 20 players' phones, one of whom saw an error
  const stablePlayers = await Promise.all(Array.from({ length: 20 }, () => createUser(t)));
  for (const [i, p] of stablePlayers.entries())
    await beacon(p.token, [...views('gali-1', 5), ...errors('gali-1', i ? 0 : 1)]);
  // the setting off (the default): flagged on the status once 5 of its 8 players saw it fail, but it stays
  const canaryPlayers = await Promise.all(Array.from({ length: 8 }, () => createUser(t)));
  for (const [i, p] of canaryPlayers.entries())
    await beacon(p.token, [...views('gali-4', 4), ...errors('gali-4', i < 5 ? 1 : 0)]);
  expect(await gali()).toMatchObject({
    canary: 'gali-4',
    canaryFlagged: true,
    // (and the player of the reports above, whose page failed on the stable release)
    health: { canary: { players: 8, failingPlayers: 5 }, stable: { players: 21, failingPlayers: 2 } },
  });

  expect((await operatorCall(t, 'settings/set', { key: 'canary_auto_rollback', value: '1' })).statusCode).toBe(200);
  // a view alone never starts a rollback; the next failure on the canary does
  await beacon(canaryPlayers[0].token, views('gali-4', 1));
  expect(await gali()).toMatchObject({ canary: 'gali-4' });
  await beacon(canaryPlayers[1].token, errors('gali-4', 1));
  expect(await gali()).toMatchObject({ canary: null, stable: 'gali-1' });
  const [row] = await t.ctx.db
    .selectFrom('operator_audit')
    .select(['action', 'params'])
    .where('action', '=', 'family rollback')
    .orderBy('id', 'desc')
    .limit(1)
    .execute();
  expect(row.params).toMatchObject({ family: 'gali', automatic: true });
  await operatorCall(t, 'settings/set', { key: 'canary_auto_rollback', value: '0' });
});

test('300 forged reports from one address: a healthy canary stays, a failing one is not shielded', async () => {
  build('gali-5');
  await operatorCall(t, 'families/release', { family: 'gali', target: 'gali-5', canary: 10 });
  expect((await operatorCall(t, 'settings/set', { key: 'canary_auto_rollback', value: '1' })).statusCode).toBe(200);
  const send = (token: string | undefined, events: { version: string; kind: string }[]) =>
    t.app.inject({
      method: 'POST',
      url: '/telemetry/families',
      headers: { 'content-type': 'application/json' },
      payload: { unique_token: token, events: events.map((e) => ({ family: 'gali', ...e })) },
    });
  const many = (version: string, kind: string, n: number) => Array.from({ length: n }, () => ({ version, kind }));
  const gali = async () =>
    (await operatorCall(t, 'families')).body.families.find((f: { family: string }) => f.family === 'gali');
  // anonymous forgeries: refused, nothing counted
  const before = await gali();
  const anonymous = [];
  for (let i = 0; i < 300; i++) anonymous.push((await send(undefined, many('gali-5', 'error', 50))).statusCode);
  expect(new Set(anonymous)).toEqual(new Set([401]));
  // one signed-in forger: at most its beacons a window count, and it is one failing player however much it sends
  const forger = await createUser(t);
  const codes = [];
  for (let i = 0; i < 300; i++) codes.push((await send(forger.token, many('gali-5', 'error', 50))).statusCode);
  expect(codes.filter((c) => c === 200)).toHaveLength(200);
  expect(codes.filter((c) => c === 429)).toHaveLength(100);
  const after = await gali();
  expect(after).toMatchObject({ canary: 'gali-5', canaryFlagged: false });
  expect(after.health.canary).toMatchObject({ players: 1, failingPlayers: 1 });
  expect(after.health.stable.players).toBe(before.health.stable.players);

  // the other way: errors forged on the stable release do not shield a canary failing for its players
  const shield = await createUser(t);
  for (let i = 0; i < 50; i++) await send(shield.token, many('gali-1', 'error', 50));
  const failing = await Promise.all(Array.from({ length: 6 }, () => createUser(t)));
  for (const p of failing) await send(p.token, [...many('gali-5', 'view', 3), ...many('gali-5', 'load', 1)]);
  expect(await gali()).toMatchObject({ canary: null, stable: 'gali-1' });
  await operatorCall(t, 'settings/set', { key: 'canary_auto_rollback', value: '0' });
});
