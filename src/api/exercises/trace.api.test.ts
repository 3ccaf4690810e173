import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminTestApp, studentWithProgram } from '../../../test/accounts-helpers.js';
import type { TestContext } from '../../../test/test-app.js';
import { traceMessages } from '../../contracts/trace.js';

let ctx: TestContext;
let adminToken: string;

beforeAll(async () => {
  ({ ctx, adminToken } = await createAdminTestApp());
});
afterAll(() => ctx.close());

const SWAP = `#include <stdio.h>
int main(void) {
    int a, b, t;
    scanf("%d %d", &a, &b);
    t = a; a = b; b = t;
    printf("%d %d\\n", a, b);
    return 0;
}
`;

describe('Step through over HTTP', () => {
  it('records a student’s run of their own program with their input, and leaves their draft alone', async () => {
    const s = await studentWithProgram(ctx, adminToken, { batch: 3301, programNumber: 3301 });
    const traced = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/student_programs/${s.spId}/trace`,
      headers: bearer(s.token),
      payload: { code: SWAP, stdin: '3 4' },
    });
    expect(traced.statusCode).toBe(200);
    const body = traced.json();
    expect(body.run.stdout).toBe('4 3\n');
    expect(body.trace.steps).toBeGreaterThan(4);
    expect(body.trace.vars.map((v: { name: string }) => v.name)).toEqual(['a', 'b', 't']);
    expect(body.trace.stdin).toBe('3 4');
    const row = await ctx.database.db
      .selectFrom('student_programs')
      .select(['draft_code'])
      .where('id', '=', s.spId)
      .executeTakeFirstOrThrow();
    expect(row.draft_code).toBeNull();
  });

  it('sends the answer gzipped, made in the run worker, to a browser that takes gzip; plain JSON to one that does not', async () => {
    const s = await studentWithProgram(ctx, adminToken, { batch: 3302, programNumber: 3302 });
    const ask = (headers: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/student_programs/${s.spId}/trace`,
        headers: { ...bearer(s.token), ...headers },
        payload: { code: SWAP, stdin: '5 6' },
      });
    const zipped = await ask({ 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    const unzipped = JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'));
    const plain = await ask({ 'accept-encoding': 'gzip;q=0' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    // The same answer either way (but for the run's time).
    const { time_ms: _plainTime, ...plainRun } = plain.json().run;
    const { time_ms: _zippedTime, ...zippedRun } = unzipped.run;
    expect({ ...plain.json(), run: plainRun }).toEqual({ ...unzipped, run: zippedRun });
    expect(unzipped.run.stdout).toBe('6 5\n');
    expect(unzipped.trace.stdin).toBe('5 6');
    // A personal answer: kept by no cache.
    expect(zipped.headers['cache-control']).toBe('no-store');
  });

  it('says why there is no trace when the code does not compile, and refuses a body without code', async () => {
    const s = await studentWithProgram(ctx, adminToken, { batch: 3302, programNumber: 3302 });
    const broken = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/student_programs/${s.spId}/trace`,
      headers: bearer(s.token),
      payload: { code: 'int main(void) { return x; }', stdin: '' },
    });
    expect(broken.statusCode).toBe(200);
    expect(broken.json()).toMatchObject({ trace: null, message: traceMessages.notCompiled });
    expect(broken.json().compile.ok).toBe(false);
    const empty = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/student_programs/${s.spId}/trace`,
      headers: bearer(s.token),
      payload: { stdin: '1' },
    });
    expect(empty.statusCode).toBe(400);
  });

  it('lets the teacher step through any code, and no one else', async () => {
    const asAdmin = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/trace',
      headers: bearer(adminToken),
      payload: { code: SWAP, stdin: '1 2' },
    });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().run.stdout).toBe('2 1\n');
    const s = await studentWithProgram(ctx, adminToken, { batch: 3303, programNumber: 3303 });
    const asStudent = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/trace',
      headers: bearer(s.token),
      payload: { code: SWAP, stdin: '1 2' },
    });
    expect(asStudent.statusCode).toBe(403);
  });
});
