import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { areaEntry } from '../functions/handlers.js';
import { SWEEPS } from '../functions/lib/sweep-schedules.js';
import { AREAS, type Area } from '../shared/contract/index.js';
import {
  BUCKET_PROBE_AREAS,
  DATA_KEY_AREAS,
  DATA_KEY_SWEEPS,
  DOCUMENT_ACCESS_AREAS,
  MAIL_SENDING_AREAS,
  MAIL_SENDING_SWEEPS,
  PHOTO_ACCESS,
} from './permissions.js';

/**
 * infra/permissions.ts must say what the code does, not what it imports: each function's entry is
 * bundled the way esbuild ships it (tree-shaken ESM, packages left out), and the calls that survive
 * decide which grants it needs. An area whose handler only imports lib/mail.ts through a shared
 * module (reservations, payments) keeps no SendEmail call and gets no SES grant; one that starts
 * calling it fails here until permissions.ts (and docs/deploy.md) say so. stack.test.ts holds the
 * synthesised template to permissions.ts.
 */
async function shipped(entry: string): Promise<string> {
  const r = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
    outdir: 'unused',
  });
  return r.outputFiles
    .filter((f) => f.path.endsWith('.js'))
    .map((f) => f.text)
    .join('\n');
}

const uses = {
  // `new SendEmailCommand(` or, where the SDK is loaded on first use (`const sdk = await import(...)`), `new sdk.SendEmailCommand(`.
  mail: (code: string) => /new (?:\w+\.)?(SendEmailCommand|SendRawEmailCommand)\(/.test(code),
  rawMail: (code: string) => /new (?:\w+\.)?SendRawEmailCommand\(/.test(code),
  s3: (code: string) => /new (?:\w+\.)?S3Client\(/.test(code),
  headBucket: (code: string) => /new (?:\w+\.)?HeadBucketCommand\(/.test(code),
  documents: (code: string) => /tenants\/\$\{[^}]+\}\/documents\//.test(code),
  dataKey: (code: string) => /DATA_ENCRYPTION_KEY_SECRET_ARN/.test(code),
};

const areaCode = new Map<Area, string>();
const sweepCode = new Map<string, string>();
const loaded = (async () => {
  for (const area of AREAS) areaCode.set(area, await shipped(areaEntry(area)));
  for (const sweep of SWEEPS) sweepCode.set(sweep.name, await shipped(sweep.entry));
})();

const areasWhere = async (test: (code: string) => boolean) => {
  await loaded;
  return AREAS.filter((a) => test(areaCode.get(a)!)).sort();
};

describe('permissions follow the shipped code', { timeout: 120_000 }, () => {
  it('grants ses:SendEmail to exactly the areas whose bundle sends mail', async () => {
    expect(await areasWhere(uses.mail)).toEqual([...MAIL_SENDING_AREAS].sort());
  });

  it('grants ses:SendEmail to exactly the sweeps that send mail', async () => {
    await loaded;
    expect(
      SWEEPS.filter((s) => uses.mail(sweepCode.get(s.name)!))
        .map((s) => s.name)
        .sort(),
    ).toEqual([...MAIL_SENDING_SWEEPS].sort());
  });

  it('the senders of mail with attachments (SendRawEmail) are the reports, reservations and services areas (the booking confirmation and the cancellation with their .ics, R-BOOK-8, R-RES-14), the report-schedules sweep, the reminder sweep and the unpaid-bookings sweep (.ics)', async () => {
    await loaded;
    expect(await areasWhere(uses.rawMail)).toEqual(['reports', 'reservations', 'services']);
    expect(
      SWEEPS.filter((s) => uses.rawMail(sweepCode.get(s.name)!))
        .map((s) => s.name)
        .sort(),
    ).toEqual(['report-schedules', 'reservation-reminders', 'unpaid-bookings']);
  });

  it('lets exactly the areas that make an S3 client touch the uploads bucket, each for what it does', async () => {
    const bucketAreas = new Set<Area>([
      ...(Object.keys(PHOTO_ACCESS) as Area[]),
      ...DOCUMENT_ACCESS_AREAS,
      ...BUCKET_PROBE_AREAS,
    ]);
    expect(await areasWhere(uses.s3)).toEqual([...bucketAreas].sort());
    expect(await areasWhere(uses.headBucket)).toEqual([...BUCKET_PROBE_AREAS].sort());
    expect(await areasWhere((c) => uses.s3(c) && uses.documents(c))).toEqual([...DOCUMENT_ACCESS_AREAS].sort());
  });

  it('gives the data encryption key to exactly the areas that read it', async () => {
    expect(await areasWhere(uses.dataKey)).toEqual([...DATA_KEY_AREAS].sort());
  });

  it('no sweep touches the bucket, and only DATA_KEY_SWEEPS the data key (they get table access and, if they mail, SES)', async () => {
    await loaded;
    for (const s of SWEEPS) {
      expect(uses.s3(sweepCode.get(s.name)!), s.name).toBe(false);
      expect(uses.dataKey(sweepCode.get(s.name)!), s.name).toBe(DATA_KEY_SWEEPS.has(s.name));
    }
  });

  it('detects what it looks for (the probes are not vacuous)', async () => {
    await loaded;
    const users = areaCode.get('users')!;
    expect([uses.mail(users), uses.s3(users), uses.documents(users), uses.dataKey(users)]).toEqual([
      true,
      true,
      true,
      true,
    ]);
    // inventory writes rows and answers; it sends no mail (reservations does since waitlist offers, R-SVC-9).
    expect(uses.mail(areaCode.get('inventory')!)).toBe(false);
    expect(uses.s3(await shipped('functions/uploads/resize.ts'))).toBe(true);
  });
});
