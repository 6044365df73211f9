/** The browser test's bundle entry: the library and the case runner, on `globalThis.svcRunCases`. */
import * as api from '../../src/index';
import { runCases, type Case } from './cases';

(globalThis as { svcRunCases?: unknown }).svcRunCases = (cases: Case[], pems: Record<string, string>) =>
  runCases(api, cases, pems);
