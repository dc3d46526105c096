import { fuzzTheDocument } from '../helpers/fuzz-suite';

// The second half of the document's operations (the first: fuzz.test.ts). See test/helpers/fuzz-suite.ts.
fuzzTheDocument({ part: 2, of: 2 });
