import { fuzzTheDocument } from '../helpers/fuzz-suite';

// The first half of the document's operations (the second: fuzz-2.test.ts). See test/helpers/fuzz-suite.ts.
fuzzTheDocument({ part: 1, of: 2 });
