/**
 * How many end-to-end files run side by side, each worker with its own server and bureau site
 * (`E2E_WORKERS`, default 2: on two cores the browser, the server and the test each wait on the others
 * often enough that two files at once finish sooner than one after another; 1 runs them in order).
 */
export const E2E_WORKERS = Math.max(1, Math.floor(Number(process.env.E2E_WORKERS) || 2));
