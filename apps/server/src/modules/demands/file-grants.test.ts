import { beforeAll, expect, it } from 'vitest';
import type { DemandDetail } from '@mathbridge/contracts/demands';
import type { SignedUrl } from '@mathbridge/contracts/files';
import type { Solution } from '@mathbridge/contracts/solutions';
import { describeApi, inParallel, settledValues, useTestApp } from '../../test/harness.ts';
import { fetchLink, pdf, upload } from '../files/files.fixtures.ts';
import { cast, demandForm, newDemand, ok, post, solutionForm, type Cast, type OrgUser } from './demands.fixtures.ts';

/**
 * Issue 9 point 9: who may read the files of a demand's or a solution's space. The rule
 * (docs/architecture.md): a receiving institute reads exactly the files attached to a demand it
 * can see; the enterprise reads exactly the files attached to a solution answered to its demand
 * (submitted, accepted or declined). Nothing else in those spaces, and nothing once the solution
 * is withdrawn. Refusals are the files module's for an unreadable file: 304 when a link is asked
 * for, 304 when an issued link is opened.
 */
describeApi('file grants follow attachments and state (issue 9, point 9)', () => {
  const t = useTestApp();
  let c: Cast;
  beforeAll(async () => {
    c = await cast(t());
  });
  const app = () => t().app;

  /** Status of `n` parallel downloadUrl calls for each file, as `{ id: [statuses] }`. */
  async function tryRead(user: OrgUser, ids: number[], n = 5): Promise<Record<number, number[]>> {
    const replies = settledValues(
      await inParallel(ids.length * n, (i) =>
        post<SignedUrl>(app(), user, 'upload/downloadUrl', { id: ids[i % ids.length] }),
      ),
    );
    const out: Record<number, number[]> = {};
    replies.forEach((r, i) => (out[ids[i % ids.length]!] ??= []).push(r.status));
    return out;
  }
  const statusOfLink = async (url: string) => {
    const response = await fetchLink(app(), url);
    return response.statusCode === 200 && !response.headers['content-type']?.toString().includes('json')
      ? 200
      : (JSON.parse(response.body) as { status: number }).status;
  };

  async function demandWithFiles() {
    const saved = await newDemand(app(), c);
    const spaceId = saved.full?.space_id ?? 0;
    const put = async (name: string) =>
      (await upload(app(), c.enterprise.token, name, pdf(1000), { space_id: spaceId, profile: 'document' })).result
        ?.id ?? 0;
    const attached = await put('attached.pdf');
    const unattached = await put('internal-notes.pdf');
    ok(
      await post(
        app(),
        c.enterprise,
        'demand/save',
        demandForm({ id: saved.demand.id, attachments: [attached], commit: 1 }),
      ),
      'save',
    );
    ok(await post(app(), c.admin, 'demand/review', { id: saved.demand.id, approve: 1 }), 'approve');
    ok(await post(app(), c.institute, 'demand/receive', { id: saved.demand.id, accept_nda: 1 }), 'receive');
    return { id: saved.demand.id, spaceId, attached, unattached, put };
  }

  it('a receiver reads the attached file only: not the space’s other files, nor files added after close', async () => {
    const d = await demandWithFiles();
    const before = await tryRead(c.institute, [d.attached, d.unattached]);
    const browse = await post(app(), c.institute, 'upload/batchDownLoad', { ids: [d.unattached] });
    ok(await post<DemandDetail>(app(), c.enterprise, 'demand/close', { id: d.id }), 'close');
    const late = await d.put('added-after-close.pdf');
    const after = await tryRead(c.institute, [d.attached, d.unattached, late]);
    const outsider = await tryRead(c.otherInstitute, [d.attached]);
    console.log(
      'receiver grants:',
      JSON.stringify({ before, zipOfUnattached: browse.status, afterClose: after, otherInstitute: outsider }),
    );
    expect(before[d.attached]).toEqual([200, 200, 200, 200, 200]);
    expect(before[d.unattached]).toEqual([304, 304, 304, 304, 304]);
    expect(browse.status).toBe(304);
    // A closed demand stays visible to its receivers, and so do its attachments.
    expect(after[d.attached]).toEqual([200, 200, 200, 200, 200]);
    expect(after[d.unattached]).toEqual([304, 304, 304, 304, 304]);
    expect(after[late]).toEqual([304, 304, 304, 304, 304]);
    expect(outsider[d.attached]).toEqual([304, 304, 304, 304, 304]);
  });

  it('the enterprise reads a submitted solution’s attachments, and nothing once it is withdrawn (links issued before included)', async () => {
    const d = await demandWithFiles();
    const draft = ok(await post<Solution>(app(), c.institute, 'solution/save', solutionForm(d.id)), 'draft');
    const put = async (name: string) =>
      (await upload(app(), c.institute.token, name, pdf(1200), { space_id: draft.space_id ?? 0, profile: 'document' }))
        .result?.id ?? 0;
    const plan = await put('plan.pdf');
    const scratch = await put('scratch.pdf');
    ok(
      await post<Solution>(app(), c.institute, 'solution/save', {
        ...solutionForm(d.id),
        id: draft.id,
        attachments: [plan],
      }),
      'attach',
    );
    const whileDraft = await tryRead(c.enterprise, [plan]);
    ok(await post<Solution>(app(), c.institute, 'solution/submit', { id: draft.id }), 'submit');
    const submitted = await tryRead(c.enterprise, [plan, scratch]);
    const issued = ok(await post<SignedUrl>(app(), c.enterprise, 'upload/downloadUrl', { id: plan }), 'link').url;
    // The withdrawal races 10 link requests and 10 openings of the issued link.
    const race = await inParallel(21, async (i) => {
      if (i === 0) return (await post(app(), c.institute, 'solution/withdraw', { id: draft.id })).status;
      if (i % 2 === 0) return statusOfLink(issued);
      return (await post(app(), c.enterprise, 'upload/downloadUrl', { id: plan })).status;
    });
    const withdrawn = await tryRead(c.enterprise, [plan, scratch]);
    const issuedAfter = await statusOfLink(issued);
    const ownerStill = await tryRead(c.institute, [plan, scratch], 1);
    console.log(
      'solution grants:',
      JSON.stringify({
        whileDraft,
        submitted,
        race: settledValues(race),
        withdrawn,
        issuedLinkAfterWithdraw: issuedAfter,
        author: ownerStill,
      }),
    );
    expect(whileDraft[plan]).toEqual([304, 304, 304, 304, 304]);
    expect(submitted[plan]).toEqual([200, 200, 200, 200, 200]);
    expect(submitted[scratch]).toEqual([304, 304, 304, 304, 304]);
    expect(settledValues(race)[0]).toBe(200);
    expect(withdrawn[plan]).toEqual([304, 304, 304, 304, 304]);
    expect(withdrawn[scratch]).toEqual([304, 304, 304, 304, 304]);
    expect(issuedAfter).toBe(304);
    expect(ownerStill[plan]).toEqual([200]);
    expect(ownerStill[scratch]).toEqual([200]);
  });
});
