import { configure } from '@testing-library/react';

// Testing Library waits 1 s for a `findBy…`; under `npm test` two cores run the web, server and
// browser suites at once, and a render that needs two answered fetches can take longer than that.
configure({ asyncUtilTimeout: 5_000 });
