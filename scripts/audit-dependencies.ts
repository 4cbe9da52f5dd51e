/**
 * `npm run audit:deps`: the production dependencies' known advisories (`npm audit --omit=dev`),
 * failing on any high or critical one (docs/decisions/249-dependency-audit-in-ci.md). CI runs it.
 *
 * When the registry's audit endpoint cannot be asked (no network, a mirror without it), the
 * run says so loudly and passes, since the lockfile's packages are not known to be bad and a
 * registry outage must not block every change; `AUDIT_REQUIRED=1` makes that a failure too.
 */
import { spawnSync } from 'node:child_process';

type AuditReport = { metadata?: { vulnerabilities?: Record<string, number> }; message?: string; error?: { summary?: string } };

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8', shell: process.platform === 'win32' });
let report: AuditReport | null = null;
try {
  report = JSON.parse(run.stdout) as AuditReport;
} catch {
  report = null;
}

const counts = report?.metadata?.vulnerabilities;
if (!counts) {
  const reason = report?.error?.summary || report?.message || (run.stderr.trim().split('\n').at(-1) || `npm audit exited ${run.status}`);
  console.warn(`⚠ The dependency audit could not be run: ${reason}`);
  process.exit(process.env.AUDIT_REQUIRED === '1' ? 1 : 0);
}

const serious = (counts.high ?? 0) + (counts.critical ?? 0);
console.log(`Production dependencies: ${counts.critical ?? 0} critical, ${counts.high ?? 0} high, ${counts.moderate ?? 0} moderate, ${counts.low ?? 0} low advisories.`);
if (serious > 0) {
  spawnSync('npm', ['audit', '--omit=dev', '--audit-level=high'], { stdio: 'inherit', shell: process.platform === 'win32' });
  process.exit(1);
}
