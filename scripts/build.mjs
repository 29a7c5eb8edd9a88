// `npm run build`: every target; `npm run build -- --if-stale`: only the missing or out-of-date ones.
import { targets, isStale, runTarget } from './build-steps.mjs';

const onlyStale = process.argv.includes('--if-stale');
for (const target of targets) {
  if (onlyStale && !isStale(target)) continue;
  runTarget(target);
}
