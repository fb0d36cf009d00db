import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../server/openapi/document';
import { PROJECT_ROOT } from '../../server/paths';

const REDOCLY = path.join(PROJECT_ROOT, 'node_modules/@redocly/cli/bin/cli.js');

interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer?: string }[];
}

/** `redocly lint` with its built-in recommended ruleset (no config file), as JSON. */
function lint(file: string): Promise<{ totals: { errors: number; warnings: number }; problems: Problem[] }> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [REDOCLY, 'lint', '--format=json', '--max-problems=10000', file],
      {
        // No telemetry, no update check: the lint needs nothing from the network.
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
        maxBuffer: 64 * 1024 * 1024,
      },
      // It exits 1 when it finds errors: the JSON on stdout is the answer either way.
      (error, stdout, stderr) => {
        try {
          resolve(JSON.parse(stdout));
        } catch {
          reject(new Error(`redocly lint gave no JSON (${error?.message ?? 'no error'}):\n${stdout}\n${stderr}`));
        }
      },
    );
  });
}

describe('the OpenAPI document, linted', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'golf-openapi-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("has no error and no warning under Redocly's recommended ruleset", { timeout: 60_000 }, async () => {
    const file = path.join(dir, 'openapi.json');
    // A deployment's address: the ruleset warns about localhost, which only development serves.
    writeFileSync(file, JSON.stringify(buildOpenApiDocument({ publicUrl: 'https://golf.invalid' })));
    const result = await lint(file);
    const problems = result.problems.map(
      (p) => `${p.severity} ${p.ruleId}: ${p.message} (${p.location.map((l) => l.pointer).join(', ')})`,
    );
    // GET /push/public-key takes nothing and needs nothing: there is no 4xx it could answer (document.test.ts
    // checks that every other operation has one).
    const nothingToRefuse = `warn operation-4xx-response: Operation must have at least one \`4XX\` response. (#/paths/~1push~1public-key/get/responses)`;
    expect(problems).toEqual([nothingToRefuse]);
    expect(result.totals).toMatchObject({ errors: 0, warnings: 1 });
  });
});
