/**
 * How many end-to-end files run side by side, each worker with its own server and bureau site
 * (`E2E_WORKERS`, default 1: files run one after the other on one server). Two workers halve the suite's
 * time on two cores, but some files still assume what earlier files left on the server (earlyData's
 * first cover on /learn depends on which lessons were uploaded before it): docs/testing.md.
 */
export const E2E_WORKERS = Math.max(1, Math.floor(Number(process.env.E2E_WORKERS) || 1));
