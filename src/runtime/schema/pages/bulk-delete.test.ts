import { describe, expect, it } from 'vitest';
import { EventError } from '../../api/errors';
import { deleteOneByOne } from './bulk-delete';

describe('bulk delete', () => {
  it("deletes one record after another and reports each failure with the server's statusInfo", async () => {
    const calls: string[] = [];
    let running = 0;
    const progress: number[] = [];
    const result = await deleteOneByOne(
      [
        { id: 1, label: 'HarborWest' },
        { id: 2, label: 'HarborSecurity' },
        { id: 3, label: 'DockCo' },
      ],
      async (id) => {
        running++;
        expect(running).toBe(1); // never two at once
        calls.push(`start ${id}`);
        await new Promise((r) => setTimeout(r, 1));
        calls.push(`end ${id}`);
        running--;
        if (id === 2) throw new EventError(400, 'Delete or move the subsidiaries first', 'deleteCompany');
      },
      (done) => progress.push(done),
    );
    expect(calls).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
    expect(progress).toEqual([1, 2, 3]);
    expect(result.deleted).toEqual([1, 3]);
    expect(result.failed).toEqual([{ id: 2, label: 'HarborSecurity', message: 'Delete or move the subsidiaries first' }]);
  });
});
