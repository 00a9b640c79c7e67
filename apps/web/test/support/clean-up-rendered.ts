import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own cleanup. A setup file runs
// for every test file, also where files share their worker's modules (isolate: false).
afterEach(cleanup);
