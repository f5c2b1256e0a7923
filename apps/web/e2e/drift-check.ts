import fs from 'node:fs';
import { afterAll, beforeAll, expect, inject } from 'vitest';

/**
 * Runs with every e2e file (vitest.config.ts setupFiles): the server checks each answer against the
 * endpoint table (DESIGN §19) and global-setup.ts writes every drift it logs to one file; a file
 * whose journeys met one fails here, whatever its steps looked at. Files run one at a time.
 */
const drifts = () => fs.readFileSync(inject('driftLog'), 'utf8').split('\n').filter(Boolean);
let before = 0;

beforeAll(() => {
  before = drifts().length;
});

afterAll(() => {
  expect(drifts().slice(before), 'answers that drifted from the endpoint table').toEqual([]);
});
